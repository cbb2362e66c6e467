/** `hookbay forward --match`: the inspector's search rule (shared/event-search.ts) applied to a request as it streams in. */
import { isUtf8 } from 'node:buffer';
import { eventMatchesFilter } from '../../shared/event-search.js';
import type { WebhookEvent } from '../../shared/webhooks.js';

/**
 * True when the search text matches the event, its whole body read: the rule the inspector's search
 * applies on the server (a body that is not UTF-8 is not searched as text).
 */
export function eventMatchesSearch(event: WebhookEvent, body: Buffer, search: string): boolean {
  return eventMatchesFilter(event, isUtf8(body) ? body.toString('utf8') : null, { q: search });
}
