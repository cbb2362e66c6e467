/**
 * What a share link shows of a stored request: the values of the headers it hides replaced by
 * `[redacted]` in the stored header lines themselves, so every view built from the row (the event
 * JSON, its header map, HAR headers and cookies, NDJSON) carries the mark and never the value.
 */
import { isUtf8 } from 'node:buffer';
import { requestContains } from '../../../../shared/event-search.js';
import { REDACTED } from '../../../../shared/shares.js';
import { parseRawHeaders } from '../webhooks/event-view.js';
import type { EventRow } from '../webhooks/event-view.js';

/** The row with the values of `hidden` (lower-cased names) redacted; the row itself when none is. */
export function redactRow(row: EventRow, hidden: ReadonlySet<string>): EventRow {
  if (hidden.size === 0) return row;
  const rawHeaders = parseRawHeaders(row.raw_headers);
  const isHidden = (name: string) => hidden.has(name.toLowerCase());
  if (!rawHeaders.some(([name]) => isHidden(name))) return row;
  const redacted = rawHeaders.map(([name, value]): [string, string] => [
    name,
    isHidden(name) ? REDACTED : value,
  ]);
  return {
    ...row,
    raw_headers: JSON.stringify(redacted),
    // The user agent column is a copy of a header: hidden with it.
    user_agent: isHidden('user-agent') && row.user_agent !== null ? REDACTED : row.user_agent,
  };
}

/**
 * True when a redacted row still contains the search text. The database searched the stored row,
 * hidden values included; asking again of what the link shows keeps a search from telling a
 * stranger whether a hidden value holds a guess.
 */
export function stillMatches(row: EventRow, lowerText: string | undefined): boolean {
  if (!lowerText) return true;
  return requestContains(
    {
      path: row.path,
      queryString: row.query_string,
      rawHeaders: parseRawHeaders(row.raw_headers),
      bodyText: isUtf8(row.body) ? row.body.toString('utf8') : null,
    },
    lowerText,
  );
}
