/**
 * The search box and method chips as an API filter, the same rule applied to requests arriving
 * live, and the texts the list shows about a filter.
 */
import {
  COMMON_METHODS,
  eventMatchesFilter,
  OTHER_METHODS,
  type EventsCount,
  type EventsFilter,
} from '../../../../../shared/event-search';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { searchMessages } from './messages';

/** A method chip: one of the common methods, or OTHER for all the rest. */
export type MethodChip = (typeof COMMON_METHODS)[number] | 'OTHER';
export const METHOD_CHIPS: readonly MethodChip[] = [...COMMON_METHODS, 'OTHER'];

export interface SearchInput {
  text: string;
  chips: readonly MethodChip[];
}

export const emptySearch: SearchInput = { text: '', chips: [] };

export function toEventsFilter({ text, chips }: SearchInput): EventsFilter {
  const methods = chips.flatMap((chip) => (chip === 'OTHER' ? OTHER_METHODS : [chip]));
  return {
    ...(text.trim() ? { q: text } : {}),
    ...(methods.length ? { method: methods } : {}),
  };
}

/** Whether a request received live belongs in the list under `filter`, by the server's rule. */
export function eventMatches(event: WebhookEvent, filter: EventsFilter): boolean {
  // A body cut for the browser is matched on the part received.
  return eventMatchesFilter(event, event.bodyEncoding === 'utf8' ? event.body : null, filter);
}

export function toggleChip(chips: readonly MethodChip[], chip: MethodChip): MethodChip[] {
  return chips.includes(chip) ? chips.filter((each) => each !== chip) : [...chips, chip];
}

/**
 * The list's badge: "12 of 340" under a filter, else every request of the session, also those not
 * loaded yet; the number listed until the server has counted.
 */
export function countLabel(
  listed: number,
  counts: Pick<EventsCount, 'matching' | 'total'> | null,
  isFiltered: boolean,
): string {
  if (!counts) return String(listed);
  return isFiltered
    ? searchMessages.matchingOf(counts.matching, counts.total)
    : counts.total.toLocaleString('en');
}
