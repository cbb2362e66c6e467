/** Category and status badges; subtle Bootstrap colours so both themes read well. */
import { Badge } from 'react-bootstrap';
import {
  SUGGESTION_CATEGORY_LABELS,
  SUGGESTION_STATUS_LABELS,
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
