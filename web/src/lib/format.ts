/** Cuts text to `max` characters with an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

import { formatDateTime } from '../../../shared/dates';

export { formatDateTime };

/**
 * A time short enough for a list row: today's as the time of day alone, earlier ones with their
 * date, both in the viewer's locale.
 */
export function formatRowTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.toDateString() !== now.toDateString())
    return formatDateTime(value);
  return date.toLocaleTimeString();
}

/**
 * A byte count in binary units, as every screen counts them: 512 B, 1.5 KiB, 2.0 MiB, 1.25 GiB.
 * (Units of 1024 named KB and MB beside KiB elsewhere read as two different measures.)
 */
export function formatBinaryBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

/** The same as formatBinaryBytes, under the name the Webhook Inspector's list and details import. */
export const formatBytes = formatBinaryBytes;
