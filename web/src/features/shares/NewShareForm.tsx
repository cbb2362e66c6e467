import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { SHARE_EXPIRY_DEFAULT_HOURS, type NewShareInput, type NewShareLink } from '../../../../shared/shares';
import { CopyButton } from '../../components/CopyButton';
import { shareMessages as text } from './messages';

interface NewShareFormProps {
  selectedEventId: number | null;
  onCreate: (input: NewShareInput) => Promise<NewShareLink | null>;
}

/** Header names from what the user typed: split on commas and spaces, empty parts dropped. */
function headerNamesOf(typed: string): string[] {
  return typed.split(/[\s,]+/).filter(Boolean);
}

/** What to share, for how long and what to hide; once made, the link with Copy, shown this once. */
export function NewShareForm({ selectedEventId, onCreate }: NewShareFormProps) {
  const [isRequest, setIsRequest] = useState(false);
  const [hours, setHours] = useState(SHARE_EXPIRY_DEFAULT_HOURS);
  const [redact, setRedact] = useState('');
  const [showSecrets, setShowSecrets] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [created, setCreated] = useState<NewShareLink | null>(null);
  const sharesRequest = isRequest && selectedEventId !== null;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setCreated(
      await onCreate({
        ...(sharesRequest ? { eventId: selectedEventId } : {}),
        expiresInHours: hours,
        redactHeaders: headerNamesOf(redact),
        showSecrets,
      }),
    );
    setIsBusy(false);
  }

  return (
    <Form onSubmit={(event) => void handleSubmit(event)} className="mb-3">
      <fieldset className="mb-2">
        <legend className="form-label fs-6 mb-1">{text.whatLabel}</legend>
        <Form.Check
          type="radio"
          id="share-whole"
          name="share-what"
          label={text.wholeInspector}
          checked={!sharesRequest}
          onChange={() => setIsRequest(false)}
        />
        <Form.Check
          type="radio"
          id="share-request"
          name="share-what"
          label={selectedEventId === null ? text.noSelection : text.selectedRequest(selectedEventId)}
          checked={sharesRequest}
          disabled={selectedEventId === null}
          onChange={() => setIsRequest(true)}
        />
      </fieldset>
      <Form.Group controlId="share-expiry" className="mb-2">
        <Form.Label>{text.expiryLabel}</Form.Label>
        <Form.Select size="sm" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
          {text.expiryChoices.map((choice) => (
            <option key={choice.hours} value={choice.hours}>
              {choice.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="share-redact" className="mb-2">
        <Form.Label>{text.redactLabel}</Form.Label>
        <Form.Control
          size="sm"
          value={redact}
          placeholder="X-Api-Key, X-Tenant"
          onChange={(event) => setRedact(event.target.value)}
        />
        <Form.Text>{text.redactHint}</Form.Text>
      </Form.Group>
      <Form.Check
        type="switch"
        role="switch"
        id="share-show-secrets"
        className="mb-2"
        label={text.showSecrets}
        checked={showSecrets}
        onChange={(event) => setShowSecrets(event.target.checked)}
      />
      <Button type="submit" size="sm" disabled={isBusy}>
        {isBusy ? text.creating : text.create}
      </Button>
      {created && (
        <div className="mt-3">
          <Form.Label htmlFor="created-share">{text.linkLabel}</Form.Label>
          <InputGroup size="sm">
            <Form.Control id="created-share" value={created.url} readOnly className="font-monospace" />
            <CopyButton
              text={created.url}
              label={text.copyLink}
              variant="primary"
              successMessage={text.linkCopied}
            />
          </InputGroup>
          <Form.Text>{text.shownOnce}</Form.Text>
        </div>
      )}
    </Form>
  );
}
