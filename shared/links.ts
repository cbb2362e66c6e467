/**
 * Short links as the API carries them, and the rules the form and the server share.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { linkDetailsBodyShape, linkDetailsUpdateShape, type LinkDetails } from './link-tags.js';
import type { RuleClicks, TargetingRule } from './link-targeting.js';
import { linkCardSchema, type LinkCard } from './link-card.js';
import { linkRoutingBodyShape, linkRoutingUpdateShape, type LinkRouting } from './link-routing.js';
import type { LinkSplitting, SplitAnalytics } from './link-splits.js';

/** A stored short link. `timestamp` repeats `createdAt`: clients may read the creation time from either. */
export interface ShortUrl extends LinkDetails, LinkRouting, LinkSplitting {
  id: string;
  url: string;
  shortUrl: string;
  /** Clicks by people; bots and link previews are not counted. */
  clicks: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, equal to createdAt. */
  timestamp: string;
  /** The id when its owner chose it, else null. */
  alias: string | null;
  /** ISO 8601; after it the link answers 410. */
  expiresAt: string | null;
  /** Counted clicks after which the link answers 410. */
  maxClicks: number | null;
  /** Visitors must enter a password first; the password itself is never sent back. */
  hasPassword: boolean;
  /** ISO 8601 when an admin disabled the link, else null. */
  disabledAt: string | null;
  /** What a visitor gets right now. */
  state: LinkState;
  /** The visit's query string is passed on to the destination (shared/link-targeting.ts). */
  forwardQuery: boolean;
  /** Ordered; the first whose conditions all match sends the visitor to its own destination. */
  rules: TargetingRule[];
  /** The owner's own id for the link (unique in the session), else null. */
  externalId: string | null;
  /** What link previews (Slack, X, …) show for the link; null for none. */
  card: LinkCard | null;
}

/** A link as the admin panel lists it: any session's, with its owner. */
export interface AdminLink extends ShortUrl {
  ownerSessionId: string;
}

/** What a visit gets: a redirect, a 410 for one of three reasons, or a password form first. */
export const LINK_STATES = [
  'active',
  'password-protected',
  'not-started',
  'expired',
  'limit-reached',
  'disabled',
] as const;
export type LinkState = (typeof LINK_STATES)[number];
export const LINK_STATE_LABELS: Record<LinkState, string> = {
  active: 'Active',
  'password-protected': 'Password-protected',
  'not-started': 'Not active yet',
  expired: 'Expired',
  'limit-reached': 'Limit reached',
  disabled: 'Disabled',
};
/** Bootstrap badge colour of each state: green only when the link redirects without a question. */
export const LINK_STATE_VARIANTS: Record<LinkState, string> = {
  active: 'success',
  'password-protected': 'info',
  'not-started': 'secondary',
  expired: 'secondary',
  'limit-reached': 'warning',
  disabled: 'danger',
};

/** The parts of a link that decide its state. */
export interface LinkStateInput {
  /** Epoch ms or null. */
  expiresAt: number | null;
  /** Epoch ms or null. */
  startsAt: number | null;
  maxClicks: number | null;
  clicks: number;
  hasPassword: boolean;
  isDisabled: boolean;
}

/** A link's state at `now` (epoch ms): disabled first, then expired, not started, limit reached. */
export function linkStateOf(link: LinkStateInput, now: number): LinkState {
  if (link.isDisabled) return 'disabled';
  if (link.expiresAt !== null && link.expiresAt <= now) return 'expired';
  if (link.startsAt !== null && link.startsAt > now) return 'not-started';
  if (link.maxClicks !== null && link.clicks >= link.maxClicks) return 'limit-reached';
  return link.hasPassword ? 'password-protected' : 'active';
}

/** One visit of a short link, bots included (marked). */
export interface ClickRecord {
  id: number;
  /** ISO 8601. */
  timestamp: string;
  /** Cut to its network part (e.g. 203.0.113.0) once the retention period is over. */
  ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  userAgent: string | null;
  referer: string | null;
  /** The network's organisation (AS name). */
  isp: string | null;
  isBot: boolean;
  /** Why the visit counts as a bot, e.g. "isbot: Googlebot" or "link preview: Slackbot"; null for people. */
  botReason: string | null;
}

export interface NamedCount {
  name: string;
  clicks: number;
}

export interface DayCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  clicks: number;
}

/** The owner's view of one link. Every count is of people unless its name says otherwise. */
export interface UrlAnalytics extends SplitAnalytics {
  id: string;
  url: string;
  shortUrl: string;
  totalClicks: number;
  /** ISO 8601. */
  createdAt: string;
  /** Newest first, at most RECENT_CLICKS_LIMIT, bots included. */
  recentClicks: ClickRecord[];
  botClicks: number;
  /**
   * Unique visitors of each UTC day, added up over the period: someone who comes back on another
   * day counts again that day (docs/short-links.md).
   */
  uniqueVisitors: number;
  /** Oldest day first. */
  byDay: DayCount[];
  byCountry: NamedCount[];
  byBrowser: NamedCount[];
  byOs: NamedCount[];
  byReferrer: NamedCount[];
  /** desktop, mobile, tablet and bot, in that order, bots included. */
  byDevice: NamedCount[];
  /** The period the chart, the top lists and the totals above cover. */
  period: AnalyticsPeriod;
  state: LinkState;
  expiresAt: string | null;
  maxClicks: number | null;
  hasPassword: boolean;
  /** People's clicks over the period by the targeting rule that sent them, most first. */
  byRule: RuleClicks[];
  /** The link's targeting rules now, to name the rules in `byRule`. */
  rules: TargetingRule[];
}

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All time',
};
/** Days a period covers, today included; null for all time. */
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number | null> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  all: null,
};
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'bot'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const RECENT_CLICKS_LIMIT = 100;
export const MAX_URL_LENGTH = 2048;
export const INVALID_URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://';
export const URL_TOO_LONG_MESSAGE = `The URL is too long: at most ${MAX_URL_LENGTH.toLocaleString('en-US')} characters.`;
const LONG_URL_PATTERN = /^https?:\/\/.+\..+/;

/** The form's rule: non-empty after trimming, http:// or https://, then some text, a dot and more text. */
export function isValidLongUrl(value: unknown): boolean {
  return typeof value === 'string' && LONG_URL_PATTERN.test(value.trim());
}

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
export const ALIAS_RULE_MESSAGE =
  'An alias is 3 to 64 letters, digits, hyphens (-) or underscores (_), e.g. my-launch-2025.';
export const RESERVED_ALIAS_MESSAGE = 'This alias is reserved by the site; choose another.';
export const MAX_PASSWORD_LENGTH = 200;
/** Far beyond any campaign; keeps the number a safe integer in every store. */
export const MAX_CLICKS_LIMIT = 1_000_000_000;

/**
 * Words that name the site's own paths, pages and tools, compared without case: an alias such as
 * "Admin" would read like part of the site.
 */
export const RESERVED_ALIASES: readonly string[] = [
  'about',
  'admin',
  'analytics',
  'api',
  'app',
  'assets',
  'bulk',
  'cli',
  'cron-scheduler',
  'dashboard',
  'favicon',
  'healthz',
  'help',
  'hookbay',
  'login',
  'logout',
  'privacy',
  'request-parser',
  's',
  'settings',
  'socket-io',
  'socket_io',
  'static',
  'suggestions',
  'support',
  'terms',
  'url-shortener',
  'urlshortener',
  'webhook',
  'webhooks',
  'www',
];

/** True when the alias is one of RESERVED_ALIASES, whatever its case. */
export function isReservedAlias(alias: string): boolean {
  return RESERVED_ALIASES.includes(alias.toLowerCase());
}

export const EXTERNAL_ID_PATTERN = /^[\x20-\x7E]{1,128}$/;
export const EXTERNAL_ID_RULE_MESSAGE =
  'An externalId is 1 to 128 printable ASCII characters (letters, digits, spaces and punctuation).';

/** An id of the owner's own for a link, unique within the session. */
export const externalIdSchema = z
  .string({ error: EXTERNAL_ID_RULE_MESSAGE })
  .regex(EXTERNAL_ID_PATTERN, EXTERNAL_ID_RULE_MESSAGE);

const aliasSchema = z
  .string({ error: ALIAS_RULE_MESSAGE })
  .regex(ALIAS_PATTERN, ALIAS_RULE_MESSAGE)
  .refine((alias) => !isReservedAlias(alias), RESERVED_ALIAS_MESSAGE);

const expiresAtSchema = z.iso.datetime({
  offset: true,
  error: 'expiresAt must be a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
});

const maxClicksSchema = z
  .number({ error: 'The click limit must be a whole number of 1 or more.' })
  .int('The click limit must be a whole number of 1 or more.')
  .min(1, 'The click limit must be a whole number of 1 or more.')
  .max(MAX_CLICKS_LIMIT, `The click limit can be at most ${MAX_CLICKS_LIMIT.toLocaleString('en-US')}.`);

const passwordSchema = z
  .string({ error: 'The password must be text.' })
  .min(1, 'The password cannot be empty.')
  .max(MAX_PASSWORD_LENGTH, `The password can be at most ${MAX_PASSWORD_LENGTH} characters.`);

const longUrlSchema = z
  .string({ error: INVALID_URL_MESSAGE })
  .trim()
  .refine(isValidLongUrl, INVALID_URL_MESSAGE)
  .refine((url) => url.length <= MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE);

const BODY_SHAPE_MESSAGE = 'Send a JSON body like {"url": "https://example.com"}.';

/**
 * Body of create. The URL arrives trimmed; the server adds its own checks on top. Every option is
 * optional; null stands for "none", as an absent field does.
 */
export const urlBodySchema = z.object(
  {
    url: longUrlSchema,
    alias: aliasSchema.nullish(),
    expiresAt: expiresAtSchema.nullish(),
    maxClicks: maxClicksSchema.nullish(),
    password: passwordSchema.nullish(),
    externalId: externalIdSchema.nullish(),
    ...linkDetailsBodyShape,
    card: linkCardSchema.nullish(),
    ...linkRoutingBodyShape,
  },
  { error: BODY_SHAPE_MESSAGE },
);
export type UrlBody = z.infer<typeof urlBodySchema>;

/**
 * Body of edit: an absent option stays as it is; null removes expiresAt, maxClicks, the password or
 * the externalId.
 * A new alias renames the link (its old short URL stops working); the alias cannot be removed.
 */
export const urlUpdateSchema = z.object(
  {
    url: longUrlSchema,
    alias: aliasSchema.optional(),
    expiresAt: expiresAtSchema.nullable().optional(),
    maxClicks: maxClicksSchema.nullable().optional(),
    password: passwordSchema.nullable().optional(),
    externalId: externalIdSchema.nullable().optional(),
    ...linkDetailsUpdateShape,
    card: linkCardSchema.nullable().optional(),
    ...linkRoutingUpdateShape,
  },
  { error: BODY_SHAPE_MESSAGE },
);
export type UrlUpdate = z.infer<typeof urlUpdateSchema>;

/**
 * The "Space Saved" figure: for a URL longer than 50 characters, the rounded percentage of
 * (length − 30) over length; otherwise 0.
 */
export function spaceSavedPercent(url: string): number {
  const length = url.length;
  if (length <= 50) return 0;
  return Math.round(((length - 30) / length) * 100);
}

/** The public address of a short link. */
export function shortUrl(apiBase: string, id: string): string {
  return `${apiBase}/s/${id}`;
}

/**
 * Where the owner reads a link's analytics; `csv` asks for every click as a CSV file, a period
 * other than all time narrows the chart and the top lists.
 */
export function analyticsPath(id: string, format?: 'csv', period: AnalyticsPeriod = 'all'): string {
  const query = format ? `?format=${format}` : period === 'all' ? '' : `?period=${period}`;
  return `/s/${encodeURIComponent(id)}/analytics${query}`;
}
