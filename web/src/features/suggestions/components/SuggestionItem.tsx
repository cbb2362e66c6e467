/** One of the user's own suggestions; everything the user or an admin typed is rendered as plain text. */
import { Card } from 'react-bootstrap';
import type { Suggestion } from '../../../../../shared/suggestions';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';
import { CategoryBadge, StatusBadge } from '../../../components/SuggestionBadges';

export function SuggestionItem({ suggestion }: { suggestion: Suggestion }) {
  return (
    <Card as="li" className="mb-3">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <h3 className="h6 mb-0 text-break">{suggestion.title}</h3>
          <div className="d-flex gap-2 flex-shrink-0">
            <CategoryBadge category={suggestion.category} />
            <StatusBadge status={suggestion.status} />
          </div>
        </div>
        <p className="small text-body-secondary mb-2">
          <time dateTime={suggestion.createdAt}>
            {messages.submittedOn(formatDateTime(suggestion.createdAt))}
          </time>
        </p>
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {suggestion.description}
        </p>
        {suggestion.adminNotes && (
          <div className="mt-3 p-2 rounded bg-body-tertiary border-start border-3 border-primary">
            <div className="small fw-semibold text-body-secondary">{messages.adminNotes}</div>
            <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {suggestion.adminNotes}
            </div>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
