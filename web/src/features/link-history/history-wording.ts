/**
 * A link's history in plain words: one line per changed field ("Destination changed from … to …",
 * "Password set", "Expiry removed"), and how long ago it was. Fields without words of their own
 * are named after their API name, so new link fields read sensibly too.
 */
import type { FieldChange, LinkHistoryEntry } from '../../../../shared/link-history';
import { formatDateTime, truncate } from '../../lib/format';

/** Longest value shown in a line; longer ones end in "…". */
const VALUE_MAX = 40;

const FIELD_LABELS: Record<string, string> = {
  url: 'Destination',
  alias: 'Alias',
  expiresAt: 'Expiry',
  maxClicks: 'Click limit',
  password: 'Password',
  forwardQuery: 'Passing on the query string',
  rules: 'Targeting rules',
  externalId: 'External id',
  card: 'Social card',
  split: 'A/B split',
};

export const historyMessages = {
  title: 'History',
  listLabel: 'Changes of this link, newest first',
  empty: 'No changes recorded yet.',
  loadFailed: 'The history could not be loaded.',
  loading: 'Loading history…',
  byAdmin: 'by an administrator',
};

/** `lastSeenAt` → "Last seen at", for fields without words of their own. */
function labelOf(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** A split by its weights, "70% / 30%"; null for anything else. */
function splitText(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('variants' in value)) return null;
  const { variants } = value;
  if (!Array.isArray(variants)) return null;
  return (variants as unknown[])
    .map((variant) => (typeof variant === 'object' && variant && 'weight' in variant ? variant.weight : '?'))
    .map((weight) => `${String(weight)}%`)
    .join(' / ');
}

function valueText(field: string, value: unknown): string {
  if (field === 'split') return splitText(value) ?? truncate(JSON.stringify(value), VALUE_MAX);
  if (field.endsWith('At') && typeof value === 'string') return formatDateTime(value);
  if (Array.isArray(value)) return truncate(value.map((item) => valueText('', item)).join(', '), VALUE_MAX);
  if (typeof value === 'string') return truncate(value, VALUE_MAX);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return truncate(JSON.stringify(value), VALUE_MAX);
}

/** One field's change as a sentence. */
export function describeChange(field: string, { from, to }: FieldChange): string {
  const label = labelOf(field);
  if (field === 'password') {
    if (to === null) return 'Password removed';
    return to === 'changed' ? 'Password changed' : 'Password set';
  }
  if (typeof to === 'boolean' && (typeof from === 'boolean' || from === null)) {
    return `${label} turned ${to ? 'on' : 'off'}`;
  }
  if (isEmpty(to)) return `${label} removed`;
  if (isEmpty(from)) return `${label} set to ${valueText(field, to)}`;
  return `${label} changed from ${valueText(field, from)} to ${valueText(field, to)}`;
}

/** The lines of one entry: what happened first, then each changed field. */
export function describeEntry(entry: LinkHistoryEntry): string[] {
  const by = entry.by === 'admin' ? ` ${historyMessages.byAdmin}` : '';
  const fields = Object.entries(entry.changes);
  switch (entry.kind) {
    case 'created': {
      const url = entry.changes.url?.to;
      const opening = typeof url === 'string' ? `Created for ${truncate(url, VALUE_MAX)}` : 'Created';
      const rest = fields.filter(([field]) => field !== 'url');
      return [opening, ...rest.map(([field, change]) => describeChange(field, change))];
    }
    case 'disabled':
    case 'enabled': {
      const rest = fields.filter(([field]) => field !== 'disabledAt');
      const opening = entry.kind === 'disabled' ? `Disabled${by}` : `Enabled again${by}`;
      return [opening, ...rest.map(([field, change]) => describeChange(field, change))];
    }
    case 'updated': {
      const lines = fields.map(([field, change]) => describeChange(field, change));
      return by ? [...lines, `Changed${by}`] : lines;
    }
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long ago `at` was: "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function timeAgo(at: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(at).getTime()) / 1000));
  if (Number.isNaN(seconds) || seconds < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeFormat.format(-Math.floor(seconds / size), unit);
  }
  return relativeFormat.format(-1, 'minute');
}
