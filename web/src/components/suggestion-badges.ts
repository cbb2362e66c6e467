/** Badge colours of the suggestion lists: one Bootstrap colour per status, categories neutral. */
import type { SuggestionStatus } from '../../../shared/suggestions';

export type BadgeColour = 'warning' | 'success' | 'danger' | 'info' | 'secondary';

const statusColours: Record<SuggestionStatus, BadgeColour> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  in_progress: 'info',
};

export function statusColour(status: SuggestionStatus): BadgeColour {
  return statusColours[status] ?? 'secondary';
}

export const CATEGORY_COLOUR: BadgeColour = 'secondary';
