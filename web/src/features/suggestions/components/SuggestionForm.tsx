/** The feedback form: checked with the shared rules before anything is sent; the page owns its values. */
import { useState, type FormEvent } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import {
  SUGGESTION_CATEGORIES,
  SUGGESTION_CATEGORY_LABELS,
  SUGGESTION_DESCRIPTION_MAX,
  SUGGESTION_EMAIL_MAX,
  SUGGESTION_TITLE_MAX,
  isSuggestionCategory,
  type NewSuggestion,
} from '../../../../../shared/suggestions';
import { checkDraft, type DraftErrors, type DraftField, type SuggestionDraft } from '../draft';
import { messages } from '../messages';

interface SuggestionFormProps {
  id: string;
  draft: SuggestionDraft;
  isSubmitting: boolean;
  onChange: (draft: SuggestionDraft) => void;
  onSubmit: (input: NewSuggestion) => void;
}

export function SuggestionForm({ id, draft, isSubmitting, onChange, onSubmit }: SuggestionFormProps) {
  const [errors, setErrors] = useState<DraftErrors>({});

  function change<F extends DraftField>(field: F, value: SuggestionDraft[F]) {
    onChange({ ...draft, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  // react-bootstrap only colours an invalid field; the aria attributes let a screen reader say why.
  function invalidProps(field: DraftField) {
    const isInvalid = Boolean(errors[field]);
    return {
      isInvalid,
      'aria-invalid': isInvalid || undefined,
      'aria-describedby': isInvalid ? `suggestion-${field}-error` : undefined,
    };
  }

  function feedback(field: DraftField) {
    return (
      <Form.Control.Feedback type="invalid" id={`suggestion-${field}-error`}>
        {errors[field]}
      </Form.Control.Feedback>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const check = checkDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    onSubmit(check.value);
  }

  return (
    <Card className="mb-4" id={id}>
      <Card.Body>
        <Card.Title as="h2" className="h5 mb-3">
          {messages.formTitle}
        </Card.Title>
        <Form noValidate onSubmit={handleSubmit}>
          <Form.Group className="mb-3" controlId="suggestion-title">
            <Form.Label>{messages.title}</Form.Label>
            <Form.Control
              value={draft.title}
              required
              maxLength={SUGGESTION_TITLE_MAX}
              placeholder={messages.titlePlaceholder}
              {...invalidProps('title')}
              onChange={(event) => change('title', event.target.value)}
            />
            {feedback('title')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="suggestion-description">
            <Form.Label>{messages.description}</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              value={draft.description}
              required
              maxLength={SUGGESTION_DESCRIPTION_MAX}
              placeholder={messages.descriptionPlaceholder}
              {...invalidProps('description')}
              onChange={(event) => change('description', event.target.value)}
            />
            {feedback('description')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="suggestion-category">
            <Form.Label>{messages.category}</Form.Label>
            <Form.Select
              value={draft.category}
              {...invalidProps('category')}
              onChange={(event) => {
                if (isSuggestionCategory(event.target.value)) change('category', event.target.value);
              }}
            >
              {SUGGESTION_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SUGGESTION_CATEGORY_LABELS[category]}
                </option>
              ))}
            </Form.Select>
            {feedback('category')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="suggestion-email">
            <Form.Label>
              {messages.email} <span className="text-body-secondary">{messages.emailOptional}</span>
            </Form.Label>
            <Form.Control
              type="email"
              value={draft.email}
              maxLength={SUGGESTION_EMAIL_MAX}
              autoComplete="email"
              placeholder={messages.emailPlaceholder}
              {...invalidProps('email')}
              onChange={(event) => change('email', event.target.value)}
            />
            {feedback('email')}
            <Form.Text>{messages.emailHelp}</Form.Text>
          </Form.Group>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {isSubmitting ? messages.submitting : messages.submit}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
