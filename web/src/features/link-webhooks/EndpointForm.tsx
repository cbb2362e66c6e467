/** Adding an endpoint: its URL, all links or the selected one, and the events it receives. */
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import {
  isHttpUrl,
  LINK_WEBHOOK_EVENT_LABELS,
  LINK_WEBHOOK_EVENTS,
  type LinkWebhook,
  type LinkWebhookCreate,
  type LinkWebhookEvent,
} from '../../../../shared/link-webhooks';
import { webhookMessages as text } from './messages';

interface EndpointFormProps {
  /** The link selected on the page, offered as the endpoint's only link. */
  selectedLinkId: string | null;
  isBusy: boolean;
  onAdd: (body: LinkWebhookCreate) => Promise<LinkWebhook | null>;
}

export function EndpointForm({ selectedLinkId, isBusy, onAdd }: EndpointFormProps) {
  const [url, setUrl] = useState('');
  const [isOneLink, setIsOneLink] = useState(false);
  const [events, setEvents] = useState<LinkWebhookEvent[]>([...LINK_WEBHOOK_EVENTS]);
  const [isTouched, setIsTouched] = useState(false);
  const isUrlValid = isHttpUrl(url.trim());

  function toggle(event: LinkWebhookEvent, isChecked: boolean) {
    setEvents((current) => (isChecked ? [...current, event] : current.filter((known) => known !== event)));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (!isUrlValid || events.length === 0) return;
    const linkId = isOneLink && selectedLinkId ? selectedLinkId : null;
    if (await onAdd({ url: url.trim(), linkId, events })) {
      setUrl('');
      setIsTouched(false);
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={text.addHeading}>
      <h3 className="fs-6 fw-semibold">{text.addHeading}</h3>
      <Form.Group className="mb-2" controlId="link-webhook-url">
        <Form.Label>{text.urlLabel}</Form.Label>
        <Form.Control
          type="url"
          value={url}
          placeholder={text.urlPlaceholder}
          isInvalid={isTouched && !isUrlValid}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">{text.urlInvalid}</Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-2">
        <legend className="form-label fs-6 mb-1">{text.scopeLabel}</legend>
        <Form.Check
          inline
          type="radio"
          id="link-webhook-all"
          name="link-webhook-scope"
          label={text.allLinks}
          checked={!isOneLink || !selectedLinkId}
          onChange={() => setIsOneLink(false)}
        />
        {selectedLinkId && (
          <Form.Check
            inline
            type="radio"
            id="link-webhook-one"
            name="link-webhook-scope"
            label={text.oneLink(selectedLinkId)}
            checked={isOneLink}
            onChange={() => setIsOneLink(true)}
          />
        )}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{text.eventsLabel}</legend>
        {LINK_WEBHOOK_EVENTS.map((event) => (
          <Form.Check
            inline
            key={event}
            type="checkbox"
            id={`link-webhook-event-${event}`}
            label={LINK_WEBHOOK_EVENT_LABELS[event]}
            checked={events.includes(event)}
            onChange={(change) => toggle(event, change.target.checked)}
          />
        ))}
      </fieldset>
      <Button type="submit" disabled={isBusy || events.length === 0}>
        {text.add}
      </Button>
    </Form>
  );
}
