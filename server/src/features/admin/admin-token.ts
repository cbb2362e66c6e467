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

/** The absolute link: PUBLIC_URL when set, else the server's own port on localhost. */
export function claimUrl(config: { publicOrigin: PublicOrigin | null; port: number }, token: string): string {
  const base = config.publicOrigin?.origin ?? `http://localhost:${config.port}`;
  return `${base}/api/admin/claim/${token}`;
}
