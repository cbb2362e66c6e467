/** The Settings drawer's name: give, change or remove it, with the named webhook URL to copy. */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { INSPECTOR_NAME_MAX_LENGTH } from '../../../../shared/inspectors';
import { webhookUrl } from '../../../../shared/webhooks';
import { CopyButton } from '../../components/CopyButton';
import { apiBase } from '../../lib/http';
import { inspectorMessages as text } from './messages';
import type { InspectorNameView } from './useInspectorName';

export function NameForm({ view }: { view: InspectorNameView }) {
  const [draft, setDraft] = useState(view.name ?? '');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void view.save(draft.trim());
  };
  const url = view.name ? webhookUrl(apiBase, view.name) : null;
  return (
    <section>
      <h3 id="inspector-name-heading" className="fs-6">
        {text.nameSection}
      </h3>
      <p className="small text-body-secondary">{text.nameIntro}</p>
      <Form onSubmit={handleSubmit} noValidate>
        <Form.Label htmlFor="inspector-name">{text.nameField}</Form.Label>
        <Form.Control
          id="inspector-name"
          value={draft}
          maxLength={INSPECTOR_NAME_MAX_LENGTH}
          placeholder={text.namePlaceholder}
          autoComplete="off"
          isInvalid={view.problem !== null}
          aria-describedby="inspector-name-help"
          onChange={(event) => setDraft(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">{view.problem}</Form.Control.Feedback>
        <Form.Text id="inspector-name-help">{text.nameRules}</Form.Text>
        <div className="d-flex flex-wrap gap-2 mt-2">
          <Button type="submit" size="sm" disabled={view.isSaving}>
            {text.save}
          </Button>
          {view.name && (
            <Button
              size="sm"
              variant="outline-danger"
              disabled={view.isSaving}
              onClick={() => {
                setDraft('');
                void view.save(null);
              }}
            >
              {text.remove}
            </Button>
          )}
        </div>
      </Form>
      {url && (
        <div className="mt-3">
          <Form.Label htmlFor="named-webhook-url" className="small fw-semibold">
            {text.namedUrl}
          </Form.Label>
          <InputGroup size="sm">
            <Form.Control id="named-webhook-url" value={url} readOnly className="font-monospace" />
            <CopyButton
              text={url}
              label={text.copy}
              variant="outline-secondary"
              successMessage={text.urlCopied}
              failureMessage={text.copyFailed}
            />
          </InputGroup>
        </div>
      )}
    </section>
  );
}
