import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/sessions.js';

/** Starts a new session through the API, as the browser does. */
export async function createSession(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
): Promise<SessionUser> {
  const response = await app.inject({ method: 'POST', url: '/api/user', payload: body });
  if (response.statusCode !== 200) throw new Error(`session failed: ${response.statusCode} ${response.body}`);
  return response.json<SessionUser>();
}

/** Headers that identify a session on API calls. */
export function asUser(user: SessionUser): Record<string, string> {
  return { 'x-session-id': user.sessionId };
}
