/**
 * Category and status badges, and a suggestion card's heading with both; subtle Bootstrap colours
 * so both themes read well.
 */
import { Badge } from 'react-bootstrap';
import {
  SUGGESTION_CATEGORY_LABELS,
  SUGGESTION_STATUS_LABELS,
  type Suggestion,
  type SuggestionCategory,
  type SuggestionStatus,
} from '../../../shared/suggestions';
import { CATEGORY_COLOUR, statusColour, type BadgeColour } from './suggestion-badges';

function SubtleBadge({ colour, children }: { colour: BadgeColour; children: string }) {
  return (
    <Badge bg={`${colour}-subtle`} text={`${colour}-emphasis`} className={`border border-${colour}-subtle`}>
      {children}
    </Badge>
  );
}

export function CategoryBadge({ category }: { category: SuggestionCategory }) {
  return (
    <SubtleBadge colour={CATEGORY_COLOUR}>{SUGGESTION_CATEGORY_LABELS[category] ?? category}</SubtleBadge>
  );
}

export function StatusBadge({ status }: { status: SuggestionStatus }) {
  return (
    <SubtleBadge colour={statusColour(status)}>{SUGGESTION_STATUS_LABELS[status] ?? status}</SubtleBadge>
  );
}

/** The top of a suggestion card: its title, with its category and status badges beside it. */
export function SuggestionHeading({
  suggestion,
}: {
  suggestion: Pick<Suggestion, 'title' | 'category' | 'status'>;
}) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
      <h3 className="h6 mb-0 text-break">{suggestion.title}</h3>
      <div className="d-flex gap-2 flex-shrink-0">
        <CategoryBadge category={suggestion.category} />
        <StatusBadge status={suggestion.status} />
      </div>
    </div>
  );
}
