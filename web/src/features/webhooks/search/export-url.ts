import { filterParams, type EventsFilter } from '../../../../../shared/event-search';
import { activeSessionId, apiBase } from '../../../lib/http';

export type ExportFormat = 'har' | 'ndjson';

/** Address that downloads the filtered requests; a link cannot send headers, so the session rides in the query. */
export function exportUrl(format: ExportFormat, filter: EventsFilter): string {
  const params = new URLSearchParams({ format, ...filterParams(filter) });
  const sessionId = activeSessionId();
  if (sessionId) params.set('sessionId', sessionId);
  return `${apiBase}/api/events/export?${params.toString()}`;
}
