/**
 * The captured webhook request as the API and the realtime channel carry it.
 * Pure types and helpers shared by server and browser.
 */
import type { CallbackResult } from './callback-result.js';
import type { EventVerdicts } from './verdicts.js';

/** Every request to a URL under this prefix is captured by the inspector its next segment names. */
export const CAPTURE_PREFIX = '/webhook/';

/** Header values keep the sender's name case; a repeated header becomes an array in arrival order. */
export type HeaderMap = Record<string, string | string[]>;
export type QueryMap = Record<string, string | string[]>;

export type BodyEncoding = 'utf8' | 'base64';

/**
 * Who answered the sender: Hookbay's default `{ok, id}` (or 413 for an oversized body), a scripted
 * response rule, the user's forwarder (`hookbay forward --respond`), or Hookbay on the forwarder's
 * behalf when it failed or was too slow (502/504), or an armed conformance run failing a delivery on
 * purpose (shared/conformance.ts).
 */
export const RESPONSE_SOURCES = ['default', 'rule', 'forwarder', 'error', 'conformance'] as const;
export type ResponseSource = (typeof RESPONSE_SOURCES)[number];

export interface CaptureResponse {
  /** The status the sender got; null while a forwarder's answer is still awaited. */
  status: number | null;
  source: ResponseSource;
  /** With source 'rule': the 1-based position of the rule that answered, as it was saved. */
  rule?: number;
}

/**
 * What a forwarder (`hookbay forward`) reported of sending an event to its target: the target's
 * status, or why there was none (refused, timed out), with the milliseconds it took.
 */
export type ForwardResult = { status: number; ms: number } | { error: string; ms: number };

export interface WebhookEvent {
  id: number;
  method: string;
  /** Path below /webhook/{sessionId}, always starting with "/" ("/" for the bare URL). */
  path: string;
  /** Raw query string without the leading "?" ("" when none). */
  queryString: string;
  queryParams: QueryMap;
  headers: HeaderMap;
  /** Every header line as sent: original case, order and duplicates. */
  rawHeaders: [string, string][];
  /** The body as UTF-8 text when it is valid UTF-8, otherwise base64 (see bodyEncoding). */
  body: string;
  bodyEncoding: BodyEncoding;
  /** The body parsed as JSON when it is JSON, else null. */
  payload: unknown;
  contentType: string | null;
  /** Bytes the sender sent (for a refused oversized body: bytes read before refusing). */
  size: number;
  /** True when the stored body is only the first part of what was sent (body over the capture limit). */
  truncated: boolean;
  /** True when `body` holds only the first EVENT_BODY_PREVIEW_BYTES of the stored body; fetch the rest from the body URL. */
  bodyCut: boolean;
  ip: string | null;
  userAgent: string | null;
  /** ISO 8601 time the request arrived. */
  timestamp: string;
  isDeleted: boolean;
  /**
   * Id of the session's event stored just before this one, or null for the session's first (and
   * for events stored before Hookbay kept this link). Ids of one session are committed in order, so
   * a client that holds an unbroken chain of these links has missed nothing.
   */
  previousId: number | null;
  response: CaptureResponse;
  /**
   * The last forwarder's report for this event; null when none reported. Absent from objects
   * made before forwarders reported (and so, to clients, the same as null).
   */
  forwarded?: ForwardResult | null;
  /**
   * What the callback of the rule that answered did (pending, then sent or failed); null when that
   * rule had no callback. Absent from objects made before callbacks existed (the same as null).
   */
  callback?: CallbackResult | null;
  /** What was judged of the request when it arrived (signature, contract); `{}` when nothing judged it. */
  verdicts: EventVerdicts;
}

/** Bodies larger than this are sent to the browser cut; the whole body is downloadable. */
export const EVENT_BODY_PREVIEW_BYTES = 1024 * 1024;

/** Stub kept of a body refused for its size, so the user still sees that it came. */
export const TRUNCATED_STUB_BYTES = 64 * 1024;

export const EVENTS_PAGE_DEFAULT = 100;
export const EVENTS_PAGE_MAX = 500;

export interface EventsPageQuery {
  limit?: number;
  /** Only events with a smaller id (older). */
  before?: number;
  /** Only events with a larger id (newer): used to catch up after a reconnect. */
  after?: number;
}

/** Method shown for an event; a missing method displays as GET. */
export function displayMethod(method: string | null | undefined): string {
  return method ? method.toUpperCase() : 'GET';
}

const METHOD_VARIANTS: Record<string, string> = {
  GET: 'success',
  POST: 'primary',
  PUT: 'warning',
  DELETE: 'danger',
  PATCH: 'info',
};

/** Bootstrap colour of a method badge: get success, post primary, put warning, delete danger, patch info, else secondary. */
export function methodVariant(method: string | null | undefined): string {
  return METHOD_VARIANTS[displayMethod(method)] ?? 'secondary';
}

/** The personal capture address of a session. */
export function webhookUrl(apiBase: string, sessionId: string): string {
  return `${apiBase}/webhook/${sessionId}`;
}

/** The address that opens the listener on someone's session. */
export function shareUrl(origin: string, sessionId: string): string {
  return `${origin}/webhook?sessionId=${encodeURIComponent(sessionId)}`;
}

/** Raw body download address of an event; `decoded` asks for the content-encoding undone. */
export function eventBodyPath(id: number, decoded = false): string {
  return `/api/events/${id}/body${decoded ? '?decoded=1' : ''}`;
}
