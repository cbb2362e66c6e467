/**
 * The security headers of every HTML page (the app's page, its 404, a short link's 404). Pages are
 * built only from files (no inline script or style), so the policy allows nothing inline; React
 * and Bootstrap set styles through the DOM (CSSOM), which style-src does not govern.
 */
import type { FastifyReply } from 'fastify';

/** A Host header worth repeating in a policy; anything else (e.g. with `;` or spaces) is left out. */
const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** ws:// and wss:// of an origin's host, for Socket.IO; older browsers do not count them as 'self'. */
function socketSources(host: string): string[] {
  return PLAIN_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/**
 * Where a page's forms may go. A form's answer may redirect, and browsers hold the redirect to
 * this list too: a password link's form posts to the link itself, which redirects to wherever
 * the link leads, so that page lets its form lead to any web address.
 */
export type FormTargets = 'self' | 'any-web-address';

const FORM_ACTION: Record<FormTargets, string> = {
  self: "form-action 'self'",
  'any-web-address': "form-action 'self' https: http:",
};

/**
 * The Content-Security-Policy of a page served at `host`. `otherOrigins` may be connected to as
 * well: the API's origin when the web build talks to another one (VITE_API_BASE), PUBLIC_URL.
 */
function contentSecurityPolicy(host: string, otherOrigins: string[], formTargets: FormTargets): string {
  const connect = ["'self'", ...socketSources(host)];
  for (const origin of otherOrigins) connect.push(origin, ...socketSources(new URL(origin).host));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    FORM_ACTION[formTargets],
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the page headers; security-headers.ts sets some of them too, but some routes go without it on purpose. */
export function setPageHeaders(
  reply: FastifyReply,
  otherOrigins: string[],
  formTargets: FormTargets = 'self',
): FastifyReply {
  return reply
    .header('content-security-policy', contentSecurityPolicy(reply.request.host, otherOrigins, formTargets))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}
