/**
 * Turns a stored row into the event object the API and the socket carry. This is where the
 * capture's deferred work happens (header map, query parsing, UTF-8 check, JSON parse), so that
 * the capture path itself only stores bytes.
 */
import { isUtf8 } from 'node:buffer';
import {
  EVENT_BODY_PREVIEW_BYTES,
  RESPONSE_SOURCES,
  type CaptureResponse,
  type ForwardResult,
  type ResponseSource,
  type HeaderMap,
  type QueryMap,
  type WebhookEvent,
} from '../../../../shared/webhooks.js';
import type { CallbackResult } from '../../../../shared/callback-result.js';
import type { EventVerdicts } from '../../../../shared/verdicts.js';
import type { Selectable } from 'kysely';
import type { WebhookEventsTable } from '../../db/schema.js';

/** A captured request's row as the store answers it. */
export type EventRow = Selectable<WebhookEventsTable>;

function addValue(map: Record<string, string | string[]>, key: string, value: string): void {
  const existing = map[key];
  if (existing === undefined) map[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else map[key] = [existing, value];
}

/** Header names keep the case they were first sent in; repeats (in any case) collect into an array. */
export function toHeaderMap(rawHeaders: [string, string][]): HeaderMap {
  const map: HeaderMap = {};
  const nameByLower = new Map<string, string>();
  for (const [name, value] of rawHeaders) {
    const lower = name.toLowerCase();
    const key = nameByLower.get(lower) ?? name;
    nameByLower.set(lower, key);
    addValue(map, key, value);
  }
  return map;
}

/** Parses a raw query string; a repeated key becomes an array in order. */
export function toQueryMap(queryString: string): QueryMap {
  const map: QueryMap = {};
  for (const [key, value] of new URLSearchParams(queryString)) addValue(map, key, value);
  return map;
}

/**
 * Deeper documents get no parsed payload (the body itself is kept and shown as sent): every step
 * that walks the parsed value recursively (the JSON answer, the socket encoder, the browser)
 * would overflow its stack on a body nested a hundred thousand levels deep.
 */
export const PAYLOAD_MAX_DEPTH = 256;

/** True when the text holds more than `limit` opening brackets, in strings or not. */
function opensMoreThan(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      if (++count > limit) return true;
    }
  }
  return false;
}

/** True when brackets outside strings nest deeper than `limit`; a linear scan, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Nesting that deep takes more opening brackets than that; most bodies have far fewer, and
  // indexOf counts them many times faster than the character-by-character scan below.
  if (!opensMoreThan(text, limit)) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** `parsed`: the same text already parsed (by the capture's judges), to be used rather than parsed again. */
function parseJson(text: string, contentType: string | null, parsed: unknown): unknown {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{]/.test(text);
  if (!looksJson || nestsDeeperThan(text, PAYLOAD_MAX_DEPTH)) return null;
  if (parsed !== undefined) return parsed;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Node's flat rawHeaders (name, value, name, value, …) as [name, value] pairs, in order and case. */
export function headerPairs(rawHeaders: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    // The loop bound keeps both indexes inside the array.
    result.push([rawHeaders[index] as string, rawHeaders[index + 1] as string]);
  }
  return result;
}

export function parseRawHeaders(json: string): [string, string][] {
  // Written by the capture route from Node's rawHeaders, always an array of [name, value] pairs.
  return JSON.parse(json) as [string, string][];
}

function isResponseSource(value: string | null): value is ResponseSource {
  return (RESPONSE_SOURCES as readonly (string | null)[]).includes(value);
}

/** Rows stored before answers were recorded were all answered by the default rule. */
function responseOf(row: EventRow): CaptureResponse {
  if (!isResponseSource(row.response_source)) {
    return { status: row.truncated === 1 ? 413 : 200, source: 'default' };
  }
  const answered = { status: row.response_status, source: row.response_source };
  return row.response_rule === null ? answered : { ...answered, rule: row.response_rule };
}

function forwardedOf(row: EventRow): ForwardResult | null {
  // Written by the repo from a checked report, always one of the two shapes.
  return row.forwarded ? (JSON.parse(row.forwarded) as ForwardResult) : null;
}

function callbackOf(row: EventRow): CallbackResult | null {
  // Written by the callbacks service, always a CallbackResult.
  return row.callback ? (JSON.parse(row.callback) as CallbackResult) : null;
}

function verdictsOf(row: EventRow): EventVerdicts {
  // Written by the repo from the judges' verdicts, always an EventVerdicts object.
  return row.verdicts ? (JSON.parse(row.verdicts) as EventVerdicts) : {};
}

/** What the capture path already holds of a row it just stored, so that the view does not read it back. */
export interface KnownParts {
  rawHeaders?: [string, string][];
  /** The verdicts as judged (the row holds them as JSON). */
  verdicts?: EventVerdicts;
  /** The body as JSON when the judges parsed it (readJsonBody's rule); undefined when they did not. */
  payload?: unknown;
}

export function toWebhookEvent(row: EventRow, known: KnownParts = {}): WebhookEvent {
  const rawHeaders = known.rawHeaders ?? parseRawHeaders(row.raw_headers);
  const bodyCut = row.body.length > EVENT_BODY_PREVIEW_BYTES;
  const shown = bodyCut ? row.body.subarray(0, EVENT_BODY_PREVIEW_BYTES) : row.body;
  // Judged on the whole stored body: a cut may split a multi-byte character.
  const isText = isUtf8(row.body);
  const body = isText ? shown.toString('utf8') : shown.toString('base64');
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    queryString: row.query_string,
    queryParams: toQueryMap(row.query_string),
    headers: toHeaderMap(rawHeaders),
    rawHeaders,
    body,
    bodyEncoding: isText ? 'utf8' : 'base64',
    payload: isText && !bodyCut && !row.truncated ? parseJson(body, row.content_type, known.payload) : null,
    contentType: row.content_type,
    size: row.size,
    truncated: row.truncated === 1,
    bodyCut,
    ip: row.ip,
    userAgent: row.user_agent,
    timestamp: new Date(row.created_at).toISOString(),
    isDeleted: row.is_deleted === 1,
    previousId: row.previous_id,
    response: responseOf(row),
    forwarded: forwardedOf(row),
    callback: callbackOf(row),
    verdicts: known.verdicts ?? verdictsOf(row),
  };
}
