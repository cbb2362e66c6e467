/** The one form for adding and editing a URL, in a modal. Enter submits; the modal closes on success. */
import { useState, type FormEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { messages } from '../messages';

export type UrlFormMode = 'add' | 'edit';

interface UrlFormModalProps {
  show: boolean;
  mode: UrlFormMode;
  /** The URL being edited; empty when adding. */
  initialUrl: string;
  isBusy: boolean;
  /** Resolves true when the URL was saved. */
  onSubmit: (url: string) => Promise<boolean>;
  onHide: () => void;
}

export function UrlFormModal({ show, mode, initialUrl, isBusy, onSubmit, onHide }: UrlFormModalProps) {
  const title = mode === 'add' ? messages.addUrl : messages.editUrl;
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="url-form-title">
      <Modal.Header closeButton>
        <Modal.Title id="url-form-title">{title}</Modal.Title>
      </Modal.Header>
      {/* The modal unmounts its body when hidden, so each opening starts from initialUrl. */}
      <UrlForm
        initialUrl={initialUrl}
        submitLabel={mode === 'add' ? messages.addUrl : messages.save}
        isBusy={isBusy}
        onSubmit={onSubmit}
        onHide={onHide}
      />
    </Modal>
  );
}

interface UrlFormProps {
  initialUrl: string;
  submitLabel: string;
  isBusy: boolean;
  onSubmit: (url: string) => Promise<boolean>;
  onHide: () => void;
}

function UrlForm({ initialUrl, submitLabel, isBusy, onSubmit, onHide }: UrlFormProps) {
  const [value, setValue] = useState(initialUrl);
  const isEmpty = value.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isEmpty || isBusy) return;
    if (await onSubmit(value)) onHide();
  }

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Modal.Body>
        <Form.Group controlId="url-form-input">
          <Form.Label>{messages.formLabel}</Form.Label>
          <Form.Control
            type="url"
            value={value}
            placeholder={messages.formPlaceholder}
            onChange={(event) => setValue(event.target.value)}
            autoFocus
            autoComplete="off"
          />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {messages.cancel}
        </Button>
        <Button type="submit" variant="primary" disabled={isEmpty || isBusy}>
          {isBusy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
