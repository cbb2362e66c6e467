/**
 * The browser's other inspectors: the one shown stays `userSessionId` (with its key,
 * `userAccessKey`), the others are remembered beside it under `hookbayInspectors`, a JSON list of
 * `{sessionId, name, key}` (`key` only for a private one). Switching swaps the shown one with one
 * of the list; anything unreadable in storage is dropped rather than trusted.
 */
import { isKeyShaped } from '../../../../shared/access';
import { isSessionId } from '../../../../shared/sessions';
import { STORAGE_KEYS, clearAccessKey, getAccessKey, storeAccessKey, storeSession } from '../../lib/storage';

export interface RememberedInspector {
  sessionId: string;
  /** Its name when it was last seen; null for none. */
  name: string | null;
  /** The key that opens it while it is private; null for a public one. */
  key: string | null;
}

/** The most inspectors remembered beside the shown one; each keeps a live connection open. */
export const MAX_OTHER_INSPECTORS = 20;

function isRemembered(value: unknown): value is RememberedInspector {
  if (typeof value !== 'object' || value === null) return false;
  const { sessionId, name, key } = value as Record<string, unknown>;
  return (
    isSessionId(sessionId) &&
    (name === null || typeof name === 'string') &&
    (key === null || isKeyShaped(key))
  );
}

export function readOtherInspectors(): RememberedInspector[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.otherInspectors) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isRemembered).slice(0, MAX_OTHER_INSPECTORS) : [];
  } catch {
    return [];
  }
}

export function writeOtherInspectors(inspectors: RememberedInspector[]): void {
  localStorage.setItem(STORAGE_KEYS.otherInspectors, JSON.stringify(inspectors));
}

/**
 * Makes `target` the shown inspector (its id and key stored as the session's) and remembers
 * `shown` in its place. The session then has to be started again to show it.
 */
export function storeSwitch(
  shown: Omit<RememberedInspector, 'key'>,
  target: RememberedInspector,
  others: RememberedInspector[],
): void {
  const current: RememberedInspector = { ...shown, key: getAccessKey() };
  writeOtherInspectors(others.map((other) => (other.sessionId === target.sessionId ? current : other)));
  storeShown(target);
}

/** Stores `target` as the shown inspector, forgetting the one shown until now (it was deleted). */
export function storeReplacement(target: RememberedInspector, others: RememberedInspector[]): void {
  writeOtherInspectors(others.filter((other) => other.sessionId !== target.sessionId));
  storeShown(target);
}

function storeShown(target: RememberedInspector): void {
  storeSession(target.sessionId);
  if (target.key) storeAccessKey(target.key);
  else clearAccessKey();
}
