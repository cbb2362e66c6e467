/** One of the user's own suggestions; everything the user or an admin typed is rendered as plain text. */
import { Card } from 'react-bootstrap';
import type { Suggestion } from '../../../../../shared/suggestions';
import { SuggestionHeading } from '../../../components/SuggestionBadges';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';

export function SuggestionItem({ suggestion }: { suggestion: Suggestion }) {
  return (
    <Card as="li" className="mb-3">
      <Card.Body>
        <SuggestionHeading suggestion={suggestion} />
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
