/** Pasting or choosing an OpenAPI document whose JSON request bodies become contracts. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useFormSave } from '../../lib/useFormSave';
import { contractMessages as text } from './messages';
import { FormFooter } from '../../components/FormFooter';

interface OpenApiFormProps {
  onImport: (document: string) => Promise<void>;
  onCancel: () => void;
}

export function OpenApiForm({ onImport, onCancel }: OpenApiFormProps) {
  const [document, setDocument] = useState('');
  const { problem, isSaving, save } = useFormSave(text.saveFailed);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setDocument(await file.text());
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    await save(() => onImport(document));
  }

  return (
    <Form
      onSubmit={(event) => void handleSubmit(event)}
      className="border rounded p-2 mb-3"
      aria-label={text.importOpenApi}
    >
      <Form.Group className="mb-2" controlId="openapi-document">
        <Form.Label className="small mb-0">{text.document}</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          className="font-monospace small"
          spellCheck={false}
          value={document}
          onChange={(event) => setDocument(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="openapi-file">
        <Form.Label className="small mb-0">{text.documentFile}</Form.Label>
        <Form.Control
          type="file"
          size="sm"
          accept=".json,.yaml,.yml"
          onChange={(event) => void handleFile(event as ChangeEvent<HTMLInputElement>)}
        />
      </Form.Group>
      <FormFooter
        problem={problem}
        submitLabel={text.importButton}
        cancelLabel={text.cancel}
        isSubmitDisabled={isSaving || !document.trim()}
        onCancel={onCancel}
      />
    </Form>
  );
}
