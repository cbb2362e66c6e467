/**
 * How a short link answers a visit besides its destination: the redirect's status code, where a
 * closed link sends visitors instead of its page, and when it starts. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

/** 302 is what links always answered; 301 and 308 are permanent, so browsers keep them. */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 302;

export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: '301 Moved Permanently',
  302: '302 Found (default)',
  307: '307 Temporary Redirect',
  308: '308 Permanent Redirect',
};

/** True for the permanent ones, which browsers cache: later edits and clicks may never reach Hookbay. */
export function isCachedRedirect(status: RedirectStatus): boolean {
  return status === 301 || status === 308;
}

export const REDIRECT_STATUS_MESSAGE = `redirectStatus is one of ${REDIRECT_STATUSES.join(', ')}.`;
export const FALLBACK_URL_MESSAGE = 'Please enter a valid fallback URL starting with http:// or https://';
export const STARTS_AT_MESSAGE = 'startsAt must be a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.';
export const START_AFTER_EXPIRY_MESSAGE = 'The start must come before the expiry.';

const redirectStatusSchema = z.union(
  REDIRECT_STATUSES.map((status) => z.literal(status)),
  { error: REDIRECT_STATUS_MESSAGE },
);

// The server holds the fallback to the same rules as the destination (url-rules.ts).
const fallbackUrlSchema = z.string({ error: FALLBACK_URL_MESSAGE }).trim().min(1, FALLBACK_URL_MESSAGE);

const startsAtSchema = z.iso.datetime({ offset: true, error: STARTS_AT_MESSAGE });

/** The fields of a create body; null or absent: 302, no fallback, active at once. */
export const linkRoutingBodyShape = {
  redirectStatus: redirectStatusSchema.nullish(),
  fallbackUrl: fallbackUrlSchema.nullish(),
  startsAt: startsAtSchema.nullish(),
};

/** The fields of an edit body: absent stays as it is; null means 302, no fallback, no start. */
export const linkRoutingUpdateShape = {
  redirectStatus: redirectStatusSchema.nullable().optional(),
  fallbackUrl: fallbackUrlSchema.nullable().optional(),
  startsAt: startsAtSchema.nullable().optional(),
};

/** What links carry of these options. */
export interface LinkRouting {
  redirectStatus: RedirectStatus;
  /** Where visitors go when the link is expired, used up, disabled or not active yet; null: a page. */
  fallbackUrl: string | null;
  /** ISO 8601; before it the link is not active yet. */
  startsAt: string | null;
}
