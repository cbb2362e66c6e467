/**
 * Read-only share links, as the server, the web app and the tests see them. A link is a token
 * `hbs_<id>_<secret>`: the id names it in lists and revocations, the secret carries 256 random
 * bits, and the server keeps only the token's SHA-256. It shows a whole inspector or one request,
 * reads only, ends at its expiry or when revoked, and shows secret headers as `[redacted]` unless
 * the link was made to show them.
 */
import { z } from 'zod';
import { SIGNATURE_HEADERS } from './signatures/schemes.js';

export const SHARE_TOKEN_PREFIX = 'hbs_';
export const MAX_SHARES_PER_SESSION = 50;
export const SHARE_EXPIRY_DEFAULT_HOURS = 24 * 7;
export const SHARE_EXPIRY_MAX_HOURS = 24 * 30;
export const MAX_EXTRA_REDACTED_HEADERS = 20;

/** What a redacted header value reads as, everywhere a share link shows it. */
export const REDACTED = '[redacted]';

/** Headers a share link always hides unless it shows secrets: credentials and every known signature. */
export const ALWAYS_REDACTED_HEADERS: readonly string[] = [
  'Authorization',
  'Cookie',
  'Proxy-Authorization',
  ...new Set(Object.values(SIGNATURE_HEADERS)),
];

/** `hbs_`, 16 hex digits of id, `_`, 43 base64url characters of secret. */
const TOKEN_PATTERN = /^hbs_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;

/** True for a string shaped like a share token (it may still be unknown, revoked or expired). */
export function isShareTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** The browser page a share link opens. */
export function sharedPageUrl(origin: string, token: string): string {
  return `${origin}/shared/${token}`;
}

/** The read-only API of a share link: `sharedApiPath(token, '/events')`. */
export function sharedApiPath(token: string, below = ''): string {
  return `/api/shared/${token}${below}`;
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;

export const newShareSchema = z.object({
  eventId: z
    .number({ error: 'eventId: a request id, or leave it out to share the whole inspector' })
    .int()
    .positive()
    .optional(),
  expiresInHours: z
    .number({ error: `expiresInHours: 1 to ${SHARE_EXPIRY_MAX_HOURS}` })
    .int()
    .min(1, `expiresInHours: 1 to ${SHARE_EXPIRY_MAX_HOURS}`)
    .max(SHARE_EXPIRY_MAX_HOURS, `expiresInHours: at most ${SHARE_EXPIRY_MAX_HOURS} (30 days)`)
    .default(SHARE_EXPIRY_DEFAULT_HOURS),
  redactHeaders: z
    .array(z.string().regex(HEADER_NAME, 'redactHeaders: header names only'))
    .max(MAX_EXTRA_REDACTED_HEADERS, `redactHeaders: at most ${MAX_EXTRA_REDACTED_HEADERS} names`)
    .default([]),
  showSecrets: z.boolean({ error: 'showSecrets must be true or false' }).default(false),
});
export type NewShareInput = z.input<typeof newShareSchema>;
export type NewShare = z.output<typeof newShareSchema>;

export const shareIdSchema = z.object({ id: z.string().min(1).max(100) });
export const shareTokenSchema = z.object({ token: z.string().min(1).max(200) });

export type ShareKind = 'inspector' | 'request';

/** A share link as its owner lists it: never the token. Times are ISO 8601. */
export interface ShareLink {
  id: string;
  kind: ShareKind;
  /** The shared request for `kind: "request"`, else null. */
  eventId: number | null;
  /** Extra headers hidden beside ALWAYS_REDACTED_HEADERS, as the owner wrote them. */
  redactHeaders: string[];
  showSecrets: boolean;
  createdAt: string;
  expiresAt: string;
  /** Updated at most once a minute while the link is used; null until first used. */
  lastUsedAt: string | null;
  /** Null while the link works. */
  revokedAt: string | null;
}

/** The answer to creating a link: the only time the token and its page address are shown. */
export interface NewShareLink extends ShareLink {
  token: string;
  url: string;
}

/** What a share link shows of itself (`GET /api/shared/{token}`). */
export interface SharedView {
  kind: ShareKind;
  eventId: number | null;
  expiresAt: string;
  /** Every header name shown as `[redacted]`; empty when the link shows secrets. */
  redactedHeaders: string[];
}

/** Why a link stopped working; the 410 answer's `reason`. */
export type ShareEnded = 'revoked' | 'expired';

/** The header names a link hides, lower-cased; empty when it shows secrets. */
export function redactedHeaderNames(link: Pick<ShareLink, 'redactHeaders' | 'showSecrets'>): string[] {
  if (link.showSecrets) return [];
  return [...new Set([...ALWAYS_REDACTED_HEADERS, ...link.redactHeaders].map((name) => name.toLowerCase()))];
}
