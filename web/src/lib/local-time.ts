/** Times as a datetime-local input holds them, read and written in the browser's time zone. */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO time as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (read in the browser's time zone) as ISO 8601 UTC. */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}
