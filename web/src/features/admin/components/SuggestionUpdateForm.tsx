/** Status and admin notes of one suggestion, sent with Update. Starts from the suggestion's stored values. */
import { useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import {
  isSuggestionStatus,
  SUGGESTION_ADMIN_NOTES_MAX,
  SUGGESTION_STATUS_LABELS,
  SUGGESTION_STATUSES,
  type Suggestion,
  type UpdateSuggestionInput,
} from '../../../../../shared/suggestions';
import { messages } from '../messages';

interface SuggestionUpdateFormProps {
  suggestion: Suggestion;
  isUpdating: boolean;
  onSubmit: (id: number, change: UpdateSuggestionInput) => void;
}

export function SuggestionUpdateForm({ suggestion, isUpdating, onSubmit }: SuggestionUpdateFormProps) {
  const [status, setStatus] = useState(suggestion.status);
  const [adminNotes, setAdminNotes] = useState(suggestion.adminNotes ?? '');
  const idPrefix = `admin-suggestion-${suggestion.id}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isUpdating) onSubmit(suggestion.id, { status, adminNotes });
  }

  return (
    <Form
      noValidate
      aria-label={messages.updateFormLabel(suggestion.title)}
      className="border-top pt-3 mt-3"
      onSubmit={handleSubmit}
    >
      <Form.Group className="mb-2" controlId={`${idPrefix}-status`}>
        <Form.Label className="small mb-1">{messages.status}</Form.Label>
        <Form.Select
          size="sm"
          value={status}
          onChange={(event) => {
            if (isSuggestionStatus(event.target.value)) setStatus(event.target.value);
          }}
        >
          {SUGGESTION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {SUGGESTION_STATUS_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${idPrefix}-notes`}>
        <Form.Label className="small mb-1">{messages.adminNotes}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          size="sm"
          value={adminNotes}
          maxLength={SUGGESTION_ADMIN_NOTES_MAX}
          placeholder={messages.adminNotesPlaceholder}
          onChange={(event) => setAdminNotes(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" size="sm" variant="primary" disabled={isUpdating}>
        {isUpdating && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {isUpdating ? messages.updating : messages.update}
      </Button>
    </Form>
  );
}
