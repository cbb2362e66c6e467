/** One suggestion as an admin sees it: what was sent, by which session, and the update form. */
import { Card } from 'react-bootstrap';
import type { Suggestion, UpdateSuggestionInput } from '../../../../../shared/suggestions';
import { SuggestionHeading } from '../../../components/SuggestionBadges';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';
import { SuggestionUpdateForm } from './SuggestionUpdateForm';

interface AdminSuggestionCardProps {
  suggestion: Suggestion;
  isUpdating: boolean;
  onUpdate: (id: number, change: UpdateSuggestionInput) => void;
}

export function AdminSuggestionCard({ suggestion, isUpdating, onUpdate }: AdminSuggestionCardProps) {
  return (
    <Card as="li" className="mb-3">
      <Card.Body>
        <SuggestionHeading suggestion={suggestion} />
        <p className="mb-3 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {suggestion.description}
        </p>
        <dl className="row small mb-0 gx-2">
          <dt className="col-sm-3 text-body-secondary fw-normal">{messages.submittedBy}</dt>
          <dd className="col-sm-9 font-monospace text-break">{suggestion.user.sessionId}</dd>
          {suggestion.email && (
            <>
              <dt className="col-sm-3 text-body-secondary fw-normal">{messages.email}</dt>
              <dd className="col-sm-9 text-break">
                <a href={`mailto:${suggestion.email}`}>{suggestion.email}</a>
              </dd>
            </>
          )}
          <dt className="col-sm-3 text-body-secondary fw-normal">{messages.created}</dt>
          <dd className="col-sm-9 mb-0">
            <time dateTime={suggestion.createdAt}>{formatDateTime(suggestion.createdAt)}</time>
          </dd>
        </dl>
        <SuggestionUpdateForm suggestion={suggestion} isUpdating={isUpdating} onSubmit={onUpdate} />
      </Card.Body>
    </Card>
  );
}
