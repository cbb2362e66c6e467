/**
 * Calls to the Hookbay API as one session: the key when there is one (`Authorization: Bearer`),
 * else the session id of the webhook URL (`X-Session-ID`). Non-2xx answers become ApiError with
 * the server's own `error` text.
 */
import type { SessionStart } from '../shared/access.js';
import type { WebhookEvent } from '../shared/webhooks.js';
import { apiBaseOf, sessionIdOf } from './command-line.js';

/** Where calls go and who they come from: the key when there is one, else the session id. */
export interface Caller {
  apiBase: string;
  sessionId: string;
  key?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `error` text, or the body when it holds none. */
    readonly reason: string,
    /** The parsed JSON body, when it was JSON. */
    readonly body: unknown = null,
  ) {
    super(`${status} ${reason}`);
  }
}

/** The header that says who calls. */
export function identityHeaders(caller: Pick<Caller, 'sessionId' | 'key'>): Record<string, string> {
  return caller.key ? { authorization: `Bearer ${caller.key}` } : { 'x-session-id': caller.sessionId };
}

/** The server's `error` text from an error answer's body, or the body itself when it holds none. */
export function errorMessageOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'error' in parsed &&
      typeof parsed.error === 'string'
    ) {
      return parsed.error;
    }
    return text;
  } catch {
    return text; // not JSON: the text itself
  }
}

/** An error as one line, with its cause (Node's fetch hides the socket error there). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers on top of the identity, e.g. none for a call that must carry no session. */
  headers?: Record<string, string>;
}

async function call(
  url: string,
  headers: Record<string, string>,
  options: ApiOptions,
  statuses: number[] = [],
): Promise<Response> {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: {
      ...headers,
      ...options.headers,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.ok || statuses.includes(response.status)) return response;
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as the reason only
  }
  throw new ApiError(response.status, errorMessageOf(text), body);
}

/** A call as the session; answers the parsed JSON, or throws ApiError with the server's error text. */
export async function api<T>(caller: Caller, path: string, options: ApiOptions = {}): Promise<T> {
  const response = await call(`${caller.apiBase}${path}`, identityHeaders(caller), options);
  return (await response.json()) as T;
}

/**
 * Like api(), but the listed error statuses answer too (with their JSON body), for routes whose
 * error answers carry data, such as a wait's 408 with the matches so far.
 */
export async function apiWithStatus<T>(
  caller: Caller,
  path: string,
  statuses: number[],
  options: ApiOptions = {},
): Promise<{ status: number; body: T }> {
  const response = await call(`${caller.apiBase}${path}`, identityHeaders(caller), options, statuses);
  return { status: response.status, body: (await response.json()) as T };
}

/** A call answered with bytes (a stored body). */
export async function apiBytes(caller: Caller, path: string): Promise<Buffer> {
  const response = await call(`${caller.apiBase}${path}`, identityHeaders(caller), {});
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Starts a session, or resumes the one a key belongs to: `POST /api/user` with no session id.
 * Throws ApiError when the key is refused.
 */
export async function startSession(apiBase: string, key?: string): Promise<SessionStart> {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const response = await call(`${apiBase}/api/user`, headers, { method: 'POST', body: {} });
  return (await response.json()) as SessionStart;
}

/** The event's whole body: from the event itself, or from the server when the event carries only its start. */
export async function bodyOf(caller: Caller, event: WebhookEvent): Promise<Buffer> {
  if (event.bodyCut || event.truncated) return apiBytes(caller, `/api/events/${event.id}/body`);
  return Buffer.from(event.body, event.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

/** One stored event of the session, or null when it has none with that id (deleted or never captured). */
export async function findEvent(caller: Caller, id: number): Promise<WebhookEvent | null> {
  const page = await api<WebhookEvent[]>(caller, `/api/events?before=${id + 1}&limit=1`);
  return page.find((candidate) => candidate.id === id) ?? null;
}

/** The id of the session's newest stored event, 0 when it has none. */
export async function newestEventId(caller: Caller): Promise<number> {
  const page = await api<WebhookEvent[]>(caller, '/api/events?limit=1');
  return page[0]?.id ?? 0;
}

/**
 * With a key, makes sure it belongs to the webhook URL's session, so a key of another inspector
 * does not act on that one unnoticed. Answers the problem, or null.
 */
export async function keyMismatch(caller: Caller): Promise<string | null> {
  if (!caller.key) return null;
  const user = await startSession(caller.apiBase, caller.key);
  if (user.sessionId === caller.sessionId) return null;
  return `This key belongs to another webhook URL (${caller.apiBase}/webhook/${user.sessionId}), not to ${caller.sessionId}.`;
}

/**
 * Why Hookbay refused the caller (a 401 or 404), in one line for stderr.
 * @param reason the server's error text
 * @param unknownSession the line for a session Hookbay does not know
 */
export function refusalLine(caller: Caller, reason: string, unknownSession: string): string {
  if (caller.key) return `Hookbay at ${caller.apiBase} refused the key: ${reason}`;
  if (/private/i.test(reason)) {
    return `The inspector of ${caller.sessionId} is private: pass one of its keys with --key <key> or HOOKBAY_KEY.`;
  }
  return unknownSession;
}

export const EXIT_USAGE = 2;
export const EXIT_UNREACHABLE = 3;

/** Who calls Hookbay for a command: the webhook URL's server and session, with the key if any. */
export function callerOf(webhookUrl: URL, key?: string): Caller {
  return { apiBase: apiBaseOf(webhookUrl), sessionId: sessionIdOf(webhookUrl), key };
}

/**
 * Says why a command could not go on (`what`: "the wait", "the sender test") and picks the exit
 * code: 2 for what the server found wrong, else 3.
 */
export function reportApiFailure(caller: Caller, error: unknown, what: string): number {
  if (!(error instanceof ApiError)) {
    process.stderr.write(`Could not reach Hookbay at ${caller.apiBase}: ${errorText(error)}\n`);
    return EXIT_UNREACHABLE;
  }
  if (error.status === 400) {
    process.stderr.write(`hookbay: Hookbay refused ${what}: ${error.reason}\n`);
    return EXIT_USAGE;
  }
  if (error.status === 401 || error.status === 403 || error.status === 404) {
    const unknown = `Unknown session ${caller.sessionId} at ${caller.apiBase}: check the webhook URL.`;
    process.stderr.write(`${refusalLine(caller, error.reason, unknown)}\n`);
    return EXIT_UNREACHABLE;
  }
  process.stderr.write(`Hookbay at ${caller.apiBase} answered ${error.status}: ${error.reason}\n`);
  return EXIT_UNREACHABLE;
}
