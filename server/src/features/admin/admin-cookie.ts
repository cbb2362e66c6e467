/**
 * The admin cookie: `<sessionId>.<generation>.<signature>`, the signature being base64url
 * HMAC-SHA256 over both values with the admin secret. It proves that this browser claimed admin
 * rights for that session; the server still checks on every call that the session is an admin
 * and that the generation is current, which is how revoking voids cookies already handed out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { isSessionId } from '../../../../shared/sessions.js';

/** Rights are checked on every call anyway; this only bounds how long a forgotten browser stays an admin. */
const ADMIN_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface AdminCookieClaim {
  sessionId: string;
  generation: number;
}

function signature(secret: string, claim: AdminCookieClaim): string {
  // A fixed prefix keeps this MAC from meaning anything in another context that shares the secret.
  return createHmac('sha256', secret)
    .update(`hookbay-admin:v1:${claim.sessionId}:${claim.generation}`)
    .digest('base64url');
}

export function signAdminCookie(secret: string, claim: AdminCookieClaim): string {
  return `${claim.sessionId}.${claim.generation}.${signature(secret, claim)}`;
}

/** The claim inside a cookie whose signature is valid (compared in constant time), else null. */
export function verifyAdminCookie(secret: string, value: string | undefined): AdminCookieClaim | null {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 3) return null;
  // Length checked just above, so all three parts are present.
  const [sessionId, generationText, signatureText] = parts as [string, string, string];
  if (!isSessionId(sessionId) || !/^\d{1,15}$/.test(generationText)) return null;
  const claim = { sessionId, generation: Number(generationText) };
  // Compared as text, not decoded bytes: base64url has several spellings of the same bytes.
  const expected = Buffer.from(signature(secret, claim));
  const given = Buffer.from(signatureText);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return claim;
}

/** Sent only to the admin API, never readable by scripts, never on cross-site requests. */
export function adminCookieOptions(isHttps: boolean): CookieSerializeOptions {
  return {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps,
    maxAge: ADMIN_COOKIE_MAX_AGE_S,
  };
}
