/**
 * The conditions of a short link's targeting rules: their types, how a value is written and
 * checked, and how a condition reads in a few words. Shared by the form and the server. Pure: no
 * Node and no DOM APIs.
 */
import { z } from 'zod';

export const CONDITION_TYPES = [
  'device',
  'country',
  'language',
  'query',
  'browser',
  'os',
  'ip',
  'from',
  'until',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const CONDITION_TYPE_LABELS: Record<ConditionType, string> = {
  device: 'Device',
  country: 'Country',
  language: 'Language',
  query: 'Query parameter',
  browser: 'Browser',
  os: 'Operating system',
  ip: 'IP range',
  from: 'Date from',
  until: 'Date until',
};

export const TARGET_DEVICES = ['ios', 'android', 'desktop'] as const;
export type TargetDevice = (typeof TARGET_DEVICES)[number];
export const TARGET_DEVICE_LABELS: Record<TargetDevice, string> = {
  ios: 'iPhone or iPad (iOS)',
  android: 'Android',
  desktop: 'Desktop',
};

export const TARGET_BROWSERS = ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung'] as const;
export type TargetBrowser = (typeof TARGET_BROWSERS)[number];
export const TARGET_BROWSER_LABELS: Record<TargetBrowser, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
};

export const TARGET_OSES = ['ios', 'android', 'windows', 'macos', 'linux', 'chromeos'] as const;
export type TargetOs = (typeof TARGET_OSES)[number];
export const TARGET_OS_LABELS: Record<TargetOs, string> = {
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  chromeos: 'ChromeOS',
};

/** Condition types whose value is picked from a list; the form shows a select for them. */
export const LISTED_VALUES: Partial<Record<ConditionType, Record<string, string>>> = {
  device: TARGET_DEVICE_LABELS,
  browser: TARGET_BROWSER_LABELS,
  os: TARGET_OS_LABELS,
};

export interface TargetingCondition {
  type: ConditionType;
  /**
   * `device`, `browser`, `os`: a key of its list; `country`: an ISO 3166-1 alpha-2 code in capitals;
   * `language`: a primary language tag in lower case; `query`: `name` (present) or `name=value`
   * (equal); `ip`: an IPv4 or IPv6 address or CIDR range; `from`, `until`: an ISO 8601 instant (UTC).
   */
  value: string;
}

const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const LANGUAGE_PATTERN = /^[a-z]{2,3}$/;
export const MAX_QUERY_CONDITION_LENGTH = 200;

/** The English name of a country code, or null when the code names no region. */
export function countryName(code: string): string | null {
  if (!COUNTRY_PATTERN.test(code)) return null;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return name && name !== code && name !== 'Unknown Region' ? name : null;
  } catch {
    return null;
  }
}

/** The English name of a language tag, or null when unknown. */
export function languageName(tag: string): string | null {
  if (!LANGUAGE_PATTERN.test(tag)) return null;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? name : null;
  } catch {
    return null;
  }
}

const listMessage = (what: string, keys: readonly string[]) =>
  `${/^[aeiou]/.test(what) ? 'An' : 'A'} ${what} condition is one of ${keys.join(', ')}.`;
export const CONDITION_MESSAGES: Record<ConditionType, string> = {
  device: listMessage('device', TARGET_DEVICES),
  browser: listMessage('browser', TARGET_BROWSERS),
  os: listMessage('os', TARGET_OSES),
  country: 'A country condition is a two-letter country code (ISO 3166-1 alpha-2), e.g. DE.',
  language: 'A language condition is a two- or three-letter language code, e.g. de.',
  query: `A query condition is a parameter name, or name=value, e.g. utm_source=newsletter (at most ${MAX_QUERY_CONDITION_LENGTH} characters).`,
  ip: 'An ip condition is an IPv4 or IPv6 address or CIDR range, e.g. 203.0.113.0/24 or 2001:db8::/32.',
  from: 'A from condition is a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
  until: 'An until condition is a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
};
export const WINDOW_ORDER_MESSAGE = 'A rule’s from date must come before its until date.';

const ipOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** `name=value` split at its first `=`; value null for a bare name (the parameter is present). */
export function queryConditionOf(value: string): { name: string; value: string | null } {
  const equals = value.indexOf('=');
  return equals === -1
    ? { name: value, value: null }
    : { name: value.slice(0, equals), value: value.slice(equals + 1) };
}

function normalizeQuery(trimmed: string): string | null {
  if (trimmed.length === 0 || trimmed.length > MAX_QUERY_CONDITION_LENGTH) return null;
  const { name } = queryConditionOf(trimmed);
  return name.trim() === '' || /[&#]/.test(trimmed) ? null : trimmed;
}

function normalizeInstant(trimmed: string): string | null {
  // A date and time with a zone, as ISO 8601 writes it; a bare date is UTC midnight.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

function normalizeValue(type: ConditionType, trimmed: string): string | null {
  switch (type) {
    case 'device':
    case 'browser':
    case 'os': {
      const value = trimmed.toLowerCase();
      return LISTED_VALUES[type] && value in LISTED_VALUES[type] ? value : null;
    }
    case 'country': {
      const value = trimmed.toUpperCase();
      return countryName(value) ? value : null;
    }
    case 'language': {
      const value = trimmed.toLowerCase();
      return LANGUAGE_PATTERN.test(value) ? value : null;
    }
    case 'query':
      return normalizeQuery(trimmed);
    case 'ip':
      return ipOrRange.safeParse(trimmed).success ? trimmed.toLowerCase() : null;
    case 'from':
    case 'until':
      return normalizeInstant(trimmed);
  }
}

/** The condition's value in its stored form, or an error message. */
export function normalizeCondition(type: ConditionType, raw: string): { value: string } | { error: string } {
  const value = normalizeValue(type, raw.trim());
  return value === null ? { error: CONDITION_MESSAGES[type] } : { value };
}

export const conditionSchema = z
  .object(
    {
      type: z.enum(CONDITION_TYPES, { error: `A condition's type is one of ${CONDITION_TYPES.join(', ')}.` }),
      value: z.string({ error: "A condition's value must be text." }),
    },
    { error: 'A condition looks like {"type": "device", "value": "ios"}.' },
  )
  .transform((condition, context) => {
    const result = normalizeCondition(condition.type, condition.value);
    if ('value' in result) return { type: condition.type, value: result.value };
    context.addIssue({ code: 'custom', message: result.error, path: ['value'] });
    return z.NEVER;
  });

/** False when a rule's from date is not before its until date (a window no visit can fall in). */
export function isOpenWindow(conditions: readonly TargetingCondition[]): boolean {
  const at = (type: ConditionType) =>
    conditions.filter((condition) => condition.type === type).map((condition) => Date.parse(condition.value));
  const latestFrom = Math.max(...at('from'));
  const earliestUntil = Math.min(...at('until'));
  return latestFrom < earliestUntil;
}

function describeValue(condition: TargetingCondition): string {
  const listed = LISTED_VALUES[condition.type]?.[condition.value];
  if (listed) return `is ${listed}`;
  switch (condition.type) {
    case 'country':
    case 'language': {
      const name =
        condition.type === 'country' ? countryName(condition.value) : languageName(condition.value);
      return `is ${name ? `${name} (${condition.value})` : condition.value}`;
    }
    case 'query': {
      const query = queryConditionOf(condition.value);
      return query.value === null ? `${query.name} is present` : `${query.name} is “${query.value}”`;
    }
    case 'ip':
      return `is in ${condition.value}`;
    default:
      return (
        condition.value
          .replace('T', ' ')
          .replace(/:00\.000Z$|\.000Z$/, '')
          .replace(/Z$/, '') + ' UTC'
      );
  }
}

/** A condition in a few words, e.g. "Device is Android", "Query parameter utm_source is present". */
export function describeCondition(condition: TargetingCondition): string {
  return `${CONDITION_TYPE_LABELS[condition.type]} ${describeValue(condition)}`;
}
