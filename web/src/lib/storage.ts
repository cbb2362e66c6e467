/**
 * The browser storage keys Hookbay uses, and the rules around them: the session, its expiry and
 * the theme, plus the key this browser holds for a private inspector, and the browser's other
 * inspectors (features/inspectors/remembered.ts).
 */
import { isKeyShaped } from '../../../shared/access';
import { SESSION_DURATION_MS } from '../../../shared/sessions';

export const STORAGE_KEYS = {
  sessionId: 'userSessionId',
  sessionExpiry: 'userSessionExpiry',
  theme: 'theme',
  accessKey: 'userAccessKey',
  otherInspectors: 'hookbayInspectors',
} as const;

/** Where the Replay dialog last sent a session's requests: one target remembered per session. */
export function replayTargetKey(sessionId: string): string {
  return `replayTarget:${sessionId}`;
}

export type Theme = 'light' | 'dark';

/** The stored session id, only while the current time is before the stored expiry. */
export function getValidSessionId(now: number = Date.now()): string | null {
  const id = localStorage.getItem(STORAGE_KEYS.sessionId);
  const expiry = Number(localStorage.getItem(STORAGE_KEYS.sessionExpiry));
  if (!id || !Number.isFinite(expiry) || now >= expiry) return null;
  return id;
}

export function storeSession(sessionId: string, now: number = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.sessionId, sessionId);
  localStorage.setItem(STORAGE_KEYS.sessionExpiry, String(now + SESSION_DURATION_MS));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.sessionId);
  localStorage.removeItem(STORAGE_KEYS.sessionExpiry);
}

/** The key this browser holds for its session (to open it while it is private), if any. */
export function getAccessKey(): string | null {
  const key = localStorage.getItem(STORAGE_KEYS.accessKey);
  return isKeyShaped(key) ? key : null;
}

export function storeAccessKey(key: string): void {
  localStorage.setItem(STORAGE_KEYS.accessKey, key);
}

export function clearAccessKey(): void {
  localStorage.removeItem(STORAGE_KEYS.accessKey);
}

export function getStoredTheme(): Theme {
  return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

export function storeTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEYS.theme, theme);
}
