/**
 * Searching captured requests: the filters `GET /api/events`, `/api/events/count` and
 * `/api/events/export` take, and the text rule they apply. Shared so that the browser can tell
 * whether a request arriving live matches the filter on screen by the same rule as the server.
 */
import type { EventVerdicts } from './verdicts.js';
import type { WebhookEvent } from './webhooks.js';

export interface EventsFilter {
  /**
   * Case-insensitive plain text found in the body, a header name or value, the path or the query
   * string, with verdict tokens (`sig:valid`, `contract:fail`, …) among it: see parseSearchText.
   */
  q?: string;
  /** Methods (upper case); an event matches any of them. */
  method?: string[];
  /** ISO 8601 time: only events that arrived at or after it. */
  from?: string;
  /** ISO 8601 time: only events that arrived before it. */
  to?: string;
}

export interface EventsCount {
  /** Visible events matching the filter. */
  matching: number;
  /** All visible events of the session. */
  total: number;
  /**
   * The newest visible event id when counted (0 when none): a client adding live events to the
   * counts adds only those above it, so none is counted twice.
   */
  newestId: number;
}

export const SEARCH_TEXT_MAX = 200;

/** The methods with a chip of their own; the "other" chip stands for every method but these. */
export const COMMON_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every other method a webhook URL captures (all that Node parses but CONNECT). */
export const OTHER_METHODS = [
  'ACL',
  'BIND',
  'CHECKOUT',
  'COPY',
  'HEAD',
  'LINK',
  'LOCK',
  'M-SEARCH',
  'MERGE',
  'MKACTIVITY',
  'MKCALENDAR',
  'MKCOL',
  'MOVE',
  'NOTIFY',
  'OPTIONS',
  'PROPFIND',
  'PROPPATCH',
  'PURGE',
  'QUERY',
  'REBIND',
  'REPORT',
  'SEARCH',
  'SOURCE',
  'SUBSCRIBE',
  'TRACE',
  'UNBIND',
  'UNLINK',
  'UNLOCK',
  'UNSUBSCRIBE',
];

/** The parts of a request the text search looks in; `bodyText` is null for a body that is not UTF-8. */
export interface SearchableRequest {
  path: string;
  queryString: string;
  rawHeaders: readonly (readonly [string, string])[];
  bodyText: string | null;
}

/**
 * True when `lowerNeedle` (already lower-cased) occurs in the path, the query string as sent, a
 * header name, a header value or the body text, each compared in lower case. A needle does not
 * match across two of these parts.
 */
export function requestContains(request: SearchableRequest, lowerNeedle: string): boolean {
  const has = (text: string) => text.toLowerCase().includes(lowerNeedle);
  return (
    has(request.path) ||
    has(request.queryString) ||
    request.rawHeaders.some(([name, value]) => has(name) || has(value)) ||
    (request.bodyText !== null && has(request.bodyText))
  );
}

export const SIGNATURE_MATCHES = ['valid', 'invalid', 'none'] as const;
export type SignatureMatch = (typeof SIGNATURE_MATCHES)[number];
export const CONTRACT_MATCHES = ['pass', 'fail', 'none'] as const;
export type ContractMatch = (typeof CONTRACT_MATCHES)[number];

/** The search text split into its plain text and its verdict tokens. */
export interface ParsedSearch {
  /** What remains once the tokens are taken out, trimmed; '' when nothing does. */
  text: string;
  /** `sig:valid`, `sig:invalid`, `sig:none` (no signing secret judged the request). */
  signature?: SignatureMatch;
  /** `contract:pass`, `contract:fail`, `contract:none` (no contract judged the request). */
  contract?: ContractMatch;
}

const VERDICT_TOKEN = /(?<=^|\s)(sig:(?:valid|invalid|none)|contract:(?:pass|fail|none))(?=\s|$)/i;

/**
 * Takes the verdict tokens out of a search text. A token is a whole word, in any case; when one kind
 * is given twice the last one counts. Any other word (`sig:maybe`) stays plain text.
 */
export function parseSearchText(q: string): ParsedSearch {
  const parsed: ParsedSearch = { text: '' };
  const pieces: string[] = [];
  // split() with a capturing group alternates text and tokens.
  q.split(VERDICT_TOKEN).forEach((piece, index) => {
    if (index % 2 === 0) {
      if (piece.trim()) pieces.push(piece.trim());
      return;
    }
    // The token pattern above guarantees "kind:value" with a value of that kind.
    const [kind, value] = piece.toLowerCase().split(':') as [string, string];
    if (kind === 'sig') parsed.signature = value as SignatureMatch;
    else parsed.contract = value as ContractMatch;
  });
  parsed.text = pieces.join(' ');
  return parsed;
}

/** True when a stored status ('valid', 'fail', … or null when not judged) is what the token asks for. */
export function statusMatches(status: string | null | undefined, wanted: string | undefined): boolean {
  if (wanted === undefined) return true;
  return wanted === 'none' ? status == null : status === wanted;
}

/** True when the verdicts are what the parsed search's tokens ask for. */
export function verdictsMatch(verdicts: EventVerdicts, parsed: ParsedSearch): boolean {
  return (
    statusMatches(verdicts.signature?.status, parsed.signature) &&
    statusMatches(verdicts.contract?.status, parsed.contract)
  );
}

/** `method` is the event's; `createdAt` its arrival in epoch milliseconds; no `verdicts`: nothing judged it. */
export function matchesFilter(
  request: SearchableRequest & { method: string; createdAt: number; verdicts?: EventVerdicts },
  filter: EventsFilter,
): boolean {
  if (filter.method?.length && !filter.method.includes(request.method.toUpperCase())) return false;
  if (filter.from !== undefined && request.createdAt < Date.parse(filter.from)) return false;
  if (filter.to !== undefined && request.createdAt >= Date.parse(filter.to)) return false;
  if (!filter.q) return true;
  const parsed = parseSearchText(filter.q);
  if (!verdictsMatch(request.verdicts ?? {}, parsed)) return false;
  return !parsed.text || requestContains(request, parsed.text.toLowerCase());
}

/** The same rule for a request as the API answers it, with its body as text (null when not UTF-8). */
export function eventMatchesFilter(
  event: WebhookEvent,
  bodyText: string | null,
  filter: EventsFilter,
): boolean {
  return matchesFilter(
    {
      method: event.method,
      createdAt: Date.parse(event.timestamp),
      path: event.path,
      queryString: event.queryString,
      rawHeaders: event.rawHeaders,
      bodyText,
      verdicts: event.verdicts,
    },
    filter,
  );
}

/** True when the filter narrows the list at all. */
export function isFiltering(filter: EventsFilter): boolean {
  return Boolean(filter.q || filter.method?.length || filter.from || filter.to);
}

/** The filter as query parameters, in the form the API reads. */
export function filterParams(filter: EventsFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q) params.q = filter.q;
  if (filter.method?.length) params.method = filter.method.join(',');
  if (filter.from) params.from = filter.from;
  if (filter.to) params.to = filter.to;
  return params;
}

/** The same text for two filters exactly when they ask the API the same thing (a hook's dependency key). */
export function filterKey(filter: EventsFilter): string {
  return JSON.stringify(filterParams(filter));
}
