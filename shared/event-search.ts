/**
 * Searching captured requests: the filters `GET /api/events`, `/api/events/count` and
 * `/api/events/export` take, and the text rule they apply. Shared so that the browser can tell
 * whether a request arriving live matches the filter on screen by the same rule as the server.
 */

export interface EventsFilter {
  /** Case-insensitive plain text found in the body, a header name or value, the path or the query string. */
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

/** `method` is the event's; `createdAt` its arrival in epoch milliseconds. */
export function matchesFilter(
  request: SearchableRequest & { method: string; createdAt: number },
  filter: EventsFilter,
): boolean {
  if (filter.method?.length && !filter.method.includes(request.method.toUpperCase())) return false;
  if (filter.from !== undefined && request.createdAt < Date.parse(filter.from)) return false;
  if (filter.to !== undefined && request.createdAt >= Date.parse(filter.to)) return false;
  return !filter.q || requestContains(request, filter.q.toLowerCase());
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
