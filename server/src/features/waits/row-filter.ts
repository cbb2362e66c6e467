/**
 * The search filter applied to one stored row in memory, by the rule the browser applies to live
 * events: a waiting request tests each new event this way instead of asking the database.
 */
import { isUtf8 } from 'node:buffer';
import { requestContains, statusMatches } from '../../../../shared/event-search.js';
import type { SearchFilter } from '../webhooks/event-search.js';
import { parseRawHeaders } from '../webhooks/event-view.js';
import type { EventRow } from '../webhooks/event-view.js';

export function rowMatches(row: EventRow, filter: SearchFilter): boolean {
  if (filter.methods?.length && !filter.methods.includes(row.method.toUpperCase())) return false;
  if (filter.fromMs !== undefined && row.created_at < filter.fromMs) return false;
  if (filter.toMs !== undefined && row.created_at >= filter.toMs) return false;
  if (!statusMatches(row.signature_status, filter.signature)) return false;
  if (!statusMatches(row.contract_status, filter.contract)) return false;
  if (!filter.text) return true;
  return requestContains(
    {
      path: row.path,
      queryString: row.query_string,
      rawHeaders: parseRawHeaders(row.raw_headers),
      bodyText: isUtf8(row.body) ? row.body.toString('utf8') : null,
    },
    filter.text,
  );
}
