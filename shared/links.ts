/**
 * Short links as the API carries them, and the rules the form and the server share.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

/** A stored short link. `timestamp` repeats `createdAt`: clients may read the creation time from either. */
export interface ShortUrl {
  id: string;
  url: string;
  shortUrl: string;
  /** Clicks by people; bots and link previews are not counted. */
  clicks: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, equal to createdAt. */
  timestamp: string;
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
export interface UrlAnalytics {
  id: string;
  url: string;
  shortUrl: string;
  totalClicks: number;
  /** ISO 8601. */
  createdAt: string;
  /** Newest first, at most RECENT_CLICKS_LIMIT, bots included. */
  recentClicks: ClickRecord[];
  botClicks: number;
  /** Distinct IP addresses among people's clicks. */
  uniqueVisitors: number;
  /** Oldest day first. */
  byDay: DayCount[];
  byCountry: NamedCount[];
  byBrowser: NamedCount[];
  byOs: NamedCount[];
  byReferrer: NamedCount[];
}

export const RECENT_CLICKS_LIMIT = 100;
export const MAX_URL_LENGTH = 2048;
export const INVALID_URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://';
export const URL_TOO_LONG_MESSAGE = `The URL is too long: at most ${MAX_URL_LENGTH.toLocaleString('en-US')} characters.`;

const LONG_URL_PATTERN = /^https?:\/\/.+\..+/;

/** The form's rule: non-empty after trimming, http:// or https://, then some text, a dot and more text. */
export function isValidLongUrl(value: unknown): boolean {
  return typeof value === 'string' && LONG_URL_PATTERN.test(value.trim());
}

/** Body of create and edit. The URL arrives trimmed; the server adds its own checks on top. */
export const urlBodySchema = z.object(
  {
    url: z
      .string({ error: INVALID_URL_MESSAGE })
      .trim()
      .refine(isValidLongUrl, INVALID_URL_MESSAGE)
      .refine((url) => url.length <= MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE),
  },
  { error: 'Send a JSON body like {"url": "https://example.com"}.' },
);
export type UrlBody = z.infer<typeof urlBodySchema>;

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

/** Where the owner reads a link's analytics; `csv` asks for every click as a CSV file. */
export function analyticsPath(id: string, format?: 'csv'): string {
  return `/s/${encodeURIComponent(id)}/analytics${format ? `?format=${format}` : ''}`;
}
