/**
 * Short links as the API carries them, and the rules the form and the server share.
 * Pure: no Node and no DOM APIs.
 */
import type { AnalyticsPeriod, DayCount } from './analytics-periods.js';
import type { LinkDetails } from './link-tags.js';
import type { RuleClicks, TargetingRule } from './link-targeting.js';
import type { LinkCard } from './link-card.js';
import type { LinkRouting } from './link-routing.js';
import type { LinkSplitting, SplitAnalytics } from './link-splits.js';

// The link modules below this one build on these; the rest of the code reads them from here.
export * from './analytics-periods.js';
export * from './link-bodies.js';
export * from './link-urls.js';

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

/** A link's top lists of people's clicks, as its owner and a share's viewers see them. */
export interface TopLists {
  byCountry: NamedCount[];
  byBrowser: NamedCount[];
  byOs: NamedCount[];
  byReferrer: NamedCount[];
  /** desktop, mobile, tablet and bot, in that order, bots included. */
  byDevice: NamedCount[];
}

/** The owner's view of one link. Every count is of people unless its name says otherwise. */
export interface UrlAnalytics extends SplitAnalytics, TopLists {
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

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'bot'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const RECENT_CLICKS_LIMIT = 100;
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
