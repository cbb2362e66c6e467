/**
 * The export of a session's captured requests, as a HAR 1.2 archive or as NDJSON (one event, as
 * the list API gives it, per line). Both are produced as a sequence of text chunks so that a large
 * export is streamed page by page rather than held in memory.
 */
import { isUtf8 } from 'node:buffer';
import { parseRawHeaders, toWebhookEvent } from './event-view.js';
import type { EventRow } from './event-view.js';

export const EXPORT_FORMATS = ['har', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  har: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

export interface NameValue {
  name: string;
  value: string;
}

/** HTTP/1.x is what the capture reads; the exact minor version is not stored. */
const HTTP_VERSION = 'HTTP/1.1';
const CREATOR = { name: 'Hookbay', version: '0.1.0' };

function cookiesOf(rawHeaders: [string, string][]): NameValue[] {
  const cookies: NameValue[] = [];
  for (const [name, value] of rawHeaders) {
    if (name.toLowerCase() !== 'cookie') continue;
    for (const part of value.split(';')) {
      const equals = part.indexOf('=');
      if (equals === -1) continue;
      const cookieName = part.slice(0, equals).trim();
      if (cookieName) cookies.push({ name: cookieName, value: part.slice(equals + 1).trim() });
    }
  }
  return cookies;
}

function queryStringOf(queryString: string): NameValue[] {
  return [...new URLSearchParams(queryString)].map(([name, value]) => ({ name, value }));
}

/** `captureUrl` is the session's webhook URL; the entry's URL adds the path below it and the query. */
export function requestUrl(captureUrl: string, row: Pick<EventRow, 'path' | 'query_string'>): string {
  const path = row.path === '/' ? '' : row.path;
  return `${captureUrl}${path}${row.query_string ? `?${row.query_string}` : ''}`;
}

/** Bytes of the request line and header lines up to the blank line, as they were sent. */
function headersSizeOf(requestTarget: string, method: string, rawHeaders: [string, string][]): number {
  let size = Buffer.byteLength(`${method} ${requestTarget} ${HTTP_VERSION}\r\n\r\n`, 'latin1');
  for (const [name, value] of rawHeaders) size += Buffer.byteLength(`${name}: ${value}\r\n`, 'latin1');
  return size;
}

/** What the capture answered: `{"ok":true,"id":…}`, or 413 for a body over the size limit. */
function responseOf(row: EventRow) {
  const text = row.truncated ? undefined : JSON.stringify({ ok: true, id: row.id });
  const mimeType = 'application/json; charset=utf-8';
  return {
    status: row.truncated ? 413 : 200,
    statusText: row.truncated ? 'Payload Too Large' : 'OK',
    httpVersion: HTTP_VERSION,
    headers: [{ name: 'content-type', value: mimeType }],
    cookies: [],
    content: { size: text === undefined ? -1 : Buffer.byteLength(text), mimeType, ...(text && { text }) },
    redirectURL: '',
    headersSize: -1,
    bodySize: text === undefined ? -1 : Buffer.byteLength(text),
  };
}

/** One HAR 1.2 entry for a stored request, with its whole stored body. */
export function toHarEntry(row: EventRow, captureUrl: string) {
  const rawHeaders = parseRawHeaders(row.raw_headers);
  const url = requestUrl(captureUrl, row);
  const isText = isUtf8(row.body);
  const postData =
    row.body.length > 0
      ? {
          mimeType: row.content_type ?? '',
          text: row.body.toString(isText ? 'utf8' : 'base64'),
          ...(isText ? {} : { encoding: 'base64' }),
        }
      : undefined;
  return {
    startedDateTime: new Date(row.created_at).toISOString(),
    // The time taken is not recorded.
    time: 0,
    request: {
      method: row.method,
      url,
      httpVersion: HTTP_VERSION,
      headers: rawHeaders.map(([name, value]) => ({ name, value })),
      queryString: queryStringOf(row.query_string),
      cookies: cookiesOf(rawHeaders),
      headersSize: headersSizeOf(requestUrl(new URL(captureUrl).pathname, row), row.method, rawHeaders),
      bodySize: row.size,
      ...(postData && { postData }),
    },
    response: responseOf(row),
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    // HAR allows custom fields that start with "_": the verdicts judged on arrival ({} when none).
    _hookbay: { verdicts: row.verdicts ? (JSON.parse(row.verdicts) as unknown) : {} },
  };
}

/** The export as text chunks: `rows` are the events to write, newest first. */
export async function* exportChunks(
  format: ExportFormat,
  rows: AsyncIterable<EventRow>,
  captureUrl: string,
): AsyncGenerator<string> {
  if (format === 'ndjson') {
    for await (const row of rows) yield `${JSON.stringify(toWebhookEvent(row))}\n`;
    return;
  }
  yield `{"log":{"version":"1.2","creator":${JSON.stringify(CREATOR)},"pages":[],"entries":[`;
  let separator = '\n';
  for await (const row of rows) {
    yield `${separator}${JSON.stringify(toHarEntry(row, captureUrl))}`;
    separator = ',\n';
  }
  yield '\n]}}\n';
}
