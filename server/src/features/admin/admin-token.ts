/**
 * One-time claim links printed by `npm run admin -- grant`. The token is 32 random bytes in
 * base64url; only its sha256 is stored, so a copy of the database cannot be turned into a link.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PublicOrigin } from '../../config.js';

/** How long a printed link stays usable. */
export const CLAIM_TOKEN_TTL_MS = 15 * 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newClaimToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True for text shaped like a token, so junk never reaches the database. */
export function isClaimTokenShape(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The origin a printed link points at: PUBLIC_URL when set, else the server's own port on localhost. */
export function claimOrigin(config: { publicOrigin: PublicOrigin | null; port: number }): string {
  return config.publicOrigin?.origin ?? `http://localhost:${config.port}`;
}

/** The absolute one-time link on `origin`. */
export function claimUrlOn(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/api/admin/claim/${token}`;
}

/** Other names of this machine for the ones a browser may have used, so one is offered in its place. */
const LOOPBACK_ALTERNATIVES: Record<string, string> = {
  localhost: '127.0.0.1',
  '127.0.0.1': 'localhost',
  '[::1]': 'localhost',
};

/**
 * The same origin under the machine's other usual name: http://localhost:3000 for
 * http://127.0.0.1:3000 and the other way round; null for any other host. Both reach the same
 * server, but a browser keeps a separate cookie, so a separate Hookbay session, for each.
 */
export function loopbackAlternative(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  const other = LOOPBACK_ALTERNATIVES[url.hostname];
  if (!other) return null;
  url.hostname = other;
  return url.origin;
}
