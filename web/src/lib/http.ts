/**
 * The one way the web app talks to the API: cookies sent, JSON by default, no timeout, the
 * X-Session-ID header while a session is active, and `Authorization: Bearer` while this browser
 * holds a key for it. A non-2xx answer becomes an ApiError carrying the server's `error` text; a
 * 401 also forgets the stored session, except when it is about a key (the key is forgotten) or a
 * session that went private (the session is fine): those are told to `onAccessRefused` listeners.
 */
import { bearer } from '../../../shared/access';
import { SESSION_HEADER } from '../../../shared/sessions';
import { clearAccessKey, clearSession, getAccessKey, getValidSessionId } from './storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** False when the answer had no `error` text and the message is the HTTP status text. */
    readonly isServerText = true,
    /** The answer's other fields, e.g. a free alias offered with a 409. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** API origin: VITE_API_BASE when the build points elsewhere, else the page's own origin. */
export const apiBase: string =
  (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/+$/, '') || window.location.origin;

// A session opened from a Share link (?sessionId=…) is used for this page's calls without being stored.
let sessionOverride: string | null = null;

export function setSessionOverride(sessionId: string | null): void {
  sessionOverride = sessionId;
}

/** The session id sent with calls right now. */
export function activeSessionId(): string | null {
  return sessionOverride ?? getValidSessionId();
}

/** The key sent with calls right now: the stored one, unless the page shows a Share link's session. */
export function activeAccessKey(): string | null {
  return sessionOverride ? null : getAccessKey();
}

/** The headers that say who calls: the session id, and the key while one is held. */
export function identityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const sessionId = activeSessionId();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  const key = activeAccessKey();
  if (key) headers.Authorization = bearer(key);
  return headers;
}

/** Why the server refused a call with 401: this browser's key, or the session being private. */
export type AccessRefusal = 'key' | 'private';

const refusalListeners = new Set<(refusal: AccessRefusal) => void>();

/** Calls `listener` whenever the key is refused or the session turns out private; returns the unsubscribe. */
export function onAccessRefused(listener: (refusal: AccessRefusal) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/**
 * After a 401: a refused key is forgotten (it was revoked), a private session is kept, any other
 * case forgets the stored session. `body` is the answer's JSON, when it had one.
 */
export function noteUnauthorized(sentKey: boolean, body: Readonly<Record<string, unknown>>): void {
  const refusal: AccessRefusal | null = sentKey ? 'key' : body.private === true ? 'private' : null;
  if (refusal === 'key') clearAccessKey();
  else if (refusal === null) clearSession();
  if (refusal) for (const listener of refusalListeners) listener(refusal);
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  try {
    const { error, ...details } = (await response.json()) as Record<string, unknown>;
    if (typeof error === 'string') return new ApiError(response.status, error, true, details);
  } catch {
    // Not JSON: fall through to the status text.
  }
  const statusText = response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(response.status, statusText, false);
}

/** Sends a call as this browser's session (see identityHeaders); a non-2xx answer throws an ApiError. */
export async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const identity = identityHeaders();
  const response = await fetch(`${apiBase}${path}`, {
    ...init,
    headers: { ...init.headers, ...identity },
    credentials: 'include',
  });
  if (response.ok) return response;
  const error = await apiErrorOf(response);
  if (response.status === 401) noteUnauthorized(identity.Authorization !== undefined, error.details);
  throw error;
}

/** The answer's JSON, or undefined for an empty answer. */
async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  // The API answers JSON; callers name the shape they expect from each endpoint.
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Who a call is made as: a session id, and the key that opens it while it is private. */
export interface CallerIdentity {
  sessionId: string;
  key: string | null;
}

/**
 * A call made as another inspector of this browser than the one shown (the switcher's): its own
 * id and key, no cookie, and a refusal never touches the stored session or key.
 */
export async function requestAs<T>(
  caller: CallerIdentity,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { [SESSION_HEADER]: caller.sessionId };
  if (caller.key) headers.Authorization = bearer(caller.key);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${apiBase}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await apiErrorOf(response);
  return readJson<T>(response);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  // A JSON content type on a bodiless call is refused by the server, so it goes with a body only.
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  const response = await send(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readJson<T>(response);
}

export const http = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/**
 * Error text to show: the server's message when it refused the call (4xx, e.g. a validation
 * error) or when a failure (5xx) came with an `error` text; else the feature's own fallback
 * (network errors, answers without one).
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message) return fallback;
  if (error.status >= 400 && error.status < 500) return error.message;
  return error.status >= 500 && error.isServerText ? error.message : fallback;
}
