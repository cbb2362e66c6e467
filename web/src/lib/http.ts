/**
 * The one way the web app talks to the API: cookies sent, JSON by default, no timeout, and the
 * X-Session-ID header while a session is active. A non-2xx answer becomes an ApiError carrying
 * the server's `error` text; a 401 also forgets the stored session.
 */
import { SESSION_HEADER } from '../../../shared/sessions';
import { clearSession, getValidSessionId } from './storage';

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

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  // A JSON content type on a bodiless call is refused by the server, so it goes with a body only.
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  const sessionId = activeSessionId();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  const response = await fetch(`${apiBase}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    if (response.status === 401) clearSession();
    throw await apiErrorOf(response);
  }
  const text = await response.text();
  // The API answers JSON; callers name the shape they expect from each endpoint.
  return (text ? JSON.parse(text) : undefined) as T;
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
