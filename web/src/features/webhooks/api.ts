/** The Webhook Inspector's calls to the API, returning the shared types. */
import { filterParams, type EventsFilter } from '../../../../shared/event-search';
import {
  EVENTS_PAGE_MAX,
  eventBodyPath,
  type EventsPageQuery,
  type WebhookEvent,
} from '../../../../shared/webhooks';
import { activeSessionId, apiBase, http, send } from '../../lib/http';

export function listEvents(query: EventsPageQuery = {}, filter: EventsFilter = {}): Promise<WebhookEvent[]> {
  const params = new URLSearchParams(filterParams(filter));
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return http.get<WebhookEvent[]>(`/api/events${search ? `?${search}` : ''}`);
}

/**
 * Every visible event newer than `afterId`, newest first. The API answers the newest page of a
 * range, so each further page asks for the part below the oldest event received so far.
 */
export async function listEventsAfter(afterId: number, filter: EventsFilter = {}): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await listEvents({ after: afterId, before, limit: EVENTS_PAGE_MAX }, filter);
    events.push(...page);
    const oldest = page.at(-1);
    if (page.length < EVENTS_PAGE_MAX || !oldest) return events;
    before = oldest.id;
  }
}

export function deleteEvent(id: number): Promise<{ ok: boolean }> {
  return http.delete<{ ok: boolean }>(`/api/events/${id}`);
}

/** Brings a deleted request back; answers it as the list gives it. */
export function restoreEvent(id: number): Promise<WebhookEvent> {
  return http.post<WebhookEvent>(`/api/events/${id}/restore`);
}

export interface Cleared {
  ok: boolean;
  deleted: number;
  /** The newest id the clear covered. */
  upTo: number;
}

/** "Clear all": deletes every request of the session, for every page that shows it. */
export function clearEvents(): Promise<Cleared> {
  return http.delete<Cleared>('/api/events');
}

/** Address that downloads the stored body; a link cannot send headers, so the session rides in the query. */
export function bodyDownloadUrl(id: number): string {
  const sessionId = activeSessionId();
  const path = `${apiBase}${eventBodyPath(id)}`;
  return sessionId ? `${path}?sessionId=${encodeURIComponent(sessionId)}` : path;
}

/** The stored body bytes (`decoded`: with its Content-Encoding undone); rejects with the server's error text. */
export async function fetchEventBody(id: number, decoded: boolean): Promise<ArrayBuffer> {
  return (await send(eventBodyPath(id, decoded))).arrayBuffer();
}
