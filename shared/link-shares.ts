/**
 * Shared analytics of short links: a read-only link to the analytics of one short link or of one
 * tag, for anyone who holds it. A token is `hbl_<id>_<secret>` (256 random bits; the server keeps
 * its SHA-256). It expires, can be revoked, and never shows an IP address or a visitor hash.
 */
import { z } from 'zod';
import type { AnalyticsPeriod, DayCount, LinkState, TopLists } from './links.js';

export const LINK_SHARE_TOKEN_PREFIX = 'hbl_';
export const MAX_LINK_SHARES_PER_SESSION = 50;
export const LINK_SHARE_EXPIRY_DEFAULT_DAYS = 7;
export const LINK_SHARE_EXPIRY_MAX_DAYS = 90;

const TOKEN_PATTERN = /^hbl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;

/** True for a string shaped like a link-share token (it may still be unknown, revoked or expired). */
export function isLinkShareTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** The browser page of a shared analytics link. */
export function sharedLinkPageUrl(origin: string, token: string): string {
  return `${origin}/shared/links/${token}`;
}

/** The API answer of a shared analytics link. */
export function sharedLinkApiPath(token: string): string {
  return `/api/shared/links/${token}`;
}

const expiryMessage = `a whole number of days from 1 to ${LINK_SHARE_EXPIRY_MAX_DAYS}.`;

export const newLinkShareSchema = z
  .object({
    linkId: z.string({ error: 'the id of one of your short links.' }).min(1).max(100).optional(),
    tag: z.string({ error: 'one of your tags.' }).min(1).max(100).optional(),
    expiresInDays: z
      .number({ error: expiryMessage })
      .int(expiryMessage)
      .min(1, expiryMessage)
      .max(LINK_SHARE_EXPIRY_MAX_DAYS, expiryMessage)
      .default(LINK_SHARE_EXPIRY_DEFAULT_DAYS),
  })
  .refine((body) => (body.linkId === undefined) !== (body.tag === undefined), {
    message: 'give either linkId or tag, not both.',
    path: ['linkId'],
  });
export type NewLinkShareInput = z.input<typeof newLinkShareSchema>;
export type NewLinkShare = z.output<typeof newLinkShareSchema>;

export const linkShareListQuerySchema = z.object({
  linkId: z.string().min(1).max(100).optional(),
  tag: z.string().min(1).max(100).optional(),
});

export type LinkShareKind = 'link' | 'tag';

/** A shared analytics link as its owner lists it: never the token. Times are ISO 8601. */
export interface LinkShare {
  id: string;
  kind: LinkShareKind;
  /** The shared link's id for `kind: "link"`, else null. */
  linkId: string | null;
  /** The shared tag for `kind: "tag"`, else null. */
  tag: string | null;
  createdAt: string;
  expiresAt: string;
  /** Null until first opened; updated at most once a minute. */
  lastUsedAt: string | null;
  /** Null while the link works. */
  revokedAt: string | null;
}

/** The answer to creating one: the only time its token and page address are shown. */
export interface NewLinkShareAnswer extends LinkShare {
  token: string;
  url: string;
}

/** One short link's numbers as a share shows them: counts only, nothing about any one visitor. */
export interface SharedLinkNumbers extends TopLists {
  shortUrl: string;
  url: string;
  state: LinkState;
  createdAt: string;
  totalClicks: number;
  uniqueVisitors: number;
  botClicks: number;
  byDay: DayCount[];
}

/** One tag's numbers as a share shows them. */
export interface SharedTagNumbers {
  tag: string;
  links: number;
  totalClicks: number;
  uniqueVisitors: number;
  byDay: DayCount[];
}

/** `GET /api/shared/links/{token}`. */
export type SharedLinkAnalytics =
  | { kind: 'link'; expiresAt: string; period: AnalyticsPeriod; link: SharedLinkNumbers }
  | { kind: 'tag'; expiresAt: string; period: AnalyticsPeriod; tag: SharedTagNumbers };

/** Why a shared analytics link stopped working; the 410 answer's `reason`. */
export type LinkShareEnded = 'revoked' | 'expired';
