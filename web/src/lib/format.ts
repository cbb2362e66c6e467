/** Cuts text to `max` characters with an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A byte count in words: 512 B, 1.5 KB, 2.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
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

/** A byte count in binary units, as storage is measured: 512 B, 1.5 KiB, 2.0 MiB, 1.25 GiB. */
export function formatBinaryBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
