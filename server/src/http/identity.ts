/**
 * Session identity. Every /api call and every short link's analytics is identified by the
 * X-Session-ID header, or failing that by a sessionId query parameter or the session cookie set
 * when the session started. The user is looked up once per request and kept on `request.user`;
 * routes that need one call `requireUser`, which answers 401. Capture and redirects are left
 * alone: they serve anyone and must stay cheap.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_HEADER, isSessionId, type SessionUser } from '../../../shared/sessions.js';
import type { SessionsService } from '../features/sessions/sessions.service.js';
import { UnauthorizedError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/**
 * The session id a request carries, if well-formed: the header first, then a `sessionId` query
 * parameter (download links cannot send headers), then the cookie.
 */
export function sessionIdOf(request: FastifyRequest): string | null {
  const candidates: unknown[] = [
    request.headers[SESSION_HEADER.toLowerCase()],
    (request.query as Record<string, unknown> | undefined)?.sessionId,
    request.cookies[SESSION_COOKIE],
  ];
  return candidates.find(isSessionId) ?? null;
}

/** The request's user; throws 401 when the request has no known session. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

const ANALYTICS_URL = /^\/s\/[^/?]+\/analytics(?:[/?]|$)/;

function needsIdentity(url: string): boolean {
  return url.startsWith('/api/') || ANALYTICS_URL.test(url);
}

export const identityPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionsService }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!needsIdentity(request.url)) return;
    const sessionId = sessionIdOf(request);
    request.user = sessionId ? await options.sessions.findSession(sessionId) : null;
  });
});
