/** How the Settings drawer offers and shows an inspector's expiry. */
import type { InspectorSettingsChange } from '../../../../shared/inspectors';

/** The Expires choices: leave it, never, a duration from now (as the API takes it), or a chosen time. */
export const EXPIRY_DURATIONS = ['1h', '1d', '7d', '30d'] as const;
export type ExpiryChoice = '' | 'never' | (typeof EXPIRY_DURATIONS)[number] | 'at';

/** A short local date and time, e.g. "Nov 28, 02:05 PM". */
/** The day alone ("Nov 29"), where the header has room for a few characters. */
export function formatExpiryDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export function formatExpiry(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * The expiry part of a change: nothing for "keep", null for never, a duration, or the time typed
 * in a datetime-local field (local time); null when "at" has no time yet.
 */
export function expiryChange(choice: ExpiryChoice, localTime: string): InspectorSettingsChange | null {
  if (choice === '') return {};
  if (choice === 'never') return { expiresAt: null };
  if (choice !== 'at') return { expiresIn: choice };
  const at = new Date(localTime);
  return localTime && !Number.isNaN(at.getTime()) ? { expiresAt: at.toISOString() } : null;
}

/** The cap typed: null for empty, a number, or undefined when it is not a whole number in range. */
export function capOf(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const cap = Number(trimmed);
  return cap <= max ? cap : undefined;
}
