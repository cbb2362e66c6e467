/** Adding or changing one JSON Schema contract: where it applies and the schema itself. */
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { Contract, ContractInput } from '../../../../shared/contracts';
import { useFormSave } from '../../lib/useFormSave';
import { contractMessages as text } from './messages';
import { FormFooter } from '../../components/FormFooter';

interface ContractFormProps {
  initial: Contract | null;
  onSave: (input: ContractInput) => Promise<void>;
  onCancel: () => void;
}

export function ContractForm({ initial, onSave, onCancel }: ContractFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [path, setPath] = useState(initial?.path ?? '*');
  const [method, setMethod] = useState(initial?.method ?? '*');
  const [headerName, setHeaderName] = useState(initial?.header?.name ?? '');
  const [headerValue, setHeaderValue] = useState(initial?.header?.value ?? '');
  const [schema, setSchema] = useState(
    initial ? JSON.stringify(initial.schema, null, 2) : '{\n  "type": "object"\n}',
  );
  const { problem, setProblem, isSaving, save } = useFormSave(text.saveFailed);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(schema);
    } catch {
      setProblem(text.schemaNotJson);
      return;
    }
    const header = headerName.trim() ? { name: headerName.trim(), value: headerValue } : null;
    await save(() => onSave({ name, path, method, header, schema: parsed as Record<string, unknown> }));
  }

  return (
    <Form
      onSubmit={(event) => void handleSubmit(event)}
      className="border rounded p-2 mb-3"
      aria-label={text.add}
    >
      <Form.Group className="mb-2" controlId="contract-name">
        <Form.Label className="small mb-0">{text.name}</Form.Label>
        <Form.Control size="sm" value={name} onChange={(event) => setName(event.target.value)} required />
      </Form.Group>
      <div className="d-flex gap-2 mb-2">
        <Form.Group controlId="contract-method" style={{ width: '6.5rem' }}>
          <Form.Label className="small mb-0">{text.method}</Form.Label>
          <Form.Control size="sm" value={method} onChange={(event) => setMethod(event.target.value)} />
        </Form.Group>
        <Form.Group controlId="contract-path" className="flex-grow-1">
          <Form.Label className="small mb-0">{text.path}</Form.Label>
          <Form.Control size="sm" value={path} onChange={(event) => setPath(event.target.value)} />
          <Form.Text>{text.pathHelp}</Form.Text>
        </Form.Group>
      </div>
      <div className="d-flex gap-2 mb-2">
        <Form.Group controlId="contract-header-name" className="flex-grow-1">
          <Form.Label className="small mb-0">{text.headerName}</Form.Label>
          <Form.Control
            size="sm"
            placeholder="X-GitHub-Event"
            value={headerName}
            onChange={(event) => setHeaderName(event.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="contract-header-value" className="flex-grow-1">
          <Form.Label className="small mb-0">{text.headerValue}</Form.Label>
          <Form.Control
            size="sm"
            placeholder="push"
            value={headerValue}
            onChange={(event) => setHeaderValue(event.target.value)}
          />
        </Form.Group>
      </div>
      <Form.Group className="mb-2" controlId="contract-schema">
        <Form.Label className="small mb-0">{text.schema}</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          className="font-monospace small"
          spellCheck={false}
          value={schema}
          onChange={(event) => setSchema(event.target.value)}
        />
      </Form.Group>
      <FormFooter
        problem={problem}
        submitLabel={text.save}
        cancelLabel={text.cancel}
        isSubmitDisabled={isSaving}
        onCancel={onCancel}
      />
    </Form>
  );
}
