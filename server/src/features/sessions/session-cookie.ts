/**
 * The session cookie. It is scoped to /api, the only paths that read it (the admin link among
 * them), so that a browser never sends it to a webhook URL: a stranger's capture would store it.
 * Browsers still holding the cookie of old, scoped to the whole site, are told to drop it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_DURATION_MS } from '../../../../shared/sessions.js';

export const SESSION_COOKIE_PATH = '/api';
const SITE_WIDE_PATH = '/';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_DURATION_MS / 1000,
  });
  if (request.cookies[SESSION_COOKIE] !== undefined)
    reply.clearCookie(SESSION_COOKIE, { path: SITE_WIDE_PATH });
}
