import type { FastifyInstance } from 'fastify';
import type { SessionStart } from '../../../../shared/access.js';
import { sessionRequestSchema } from '../../../../shared/sessions.js';
import { clientIp } from '../../http/client-ip.js';
import { z } from 'zod';
import { ForbiddenError, UnauthorizedError } from '../../http/errors.js';
import { KEY_REFUSED_MESSAGE, sessionIdOf } from '../../http/identity.js';
import type { Limit, Limiter } from '../../http/rate-limit/limiter.js';
import { READ_KEY_MESSAGE } from '../../http/route-access.js';
import { setSessionCookie } from './session-cookie.js';
import type { ZodRoutes } from '../../http/validation.js';
import { error, invalid } from '../../http/openapi/responses.js';
import type { SessionsService } from './sessions.service.js';

export const TOO_MANY_SESSIONS_MESSAGE =
  'Too many new sessions from your address. Please wait a moment and try again.';

const schema = {
  tags: ['Sessions'],
  summary: 'Start or resume a session',
  description:
    'Without a sessionId a new anonymous session is made; a known one is resumed. With a key ' +
    '(`Authorization: Bearer`), the key’s session is resumed. A private session’s id alone resumes ' +
    'nothing: the answer says `"private": true` and no cookie is set.',
  body: sessionRequestSchema.nullish(),
  response: {
    200: z
      .object({ id: z.string(), sessionId: z.string(), private: z.literal(true).optional() })
      .describe('The session.'),
    ...invalid,
    401: error('An unknown or revoked key.'),
    403: error('A read key: it reads the session, it does not resume it.'),
    429: error('Too many new sessions from this address (SESSIONS_PER_MINUTE); see Retry-After.'),
  },
};

/**
 * The limit on new sessions per address (SESSIONS_PER_MINUTE). Creating a session counts, and so
 * does anything else that takes a share of the instance the same way (claiming an inspector name).
 */
export function defineNewSessionsLimit(limiter: Limiter, perMinute: number): Limit {
  return limiter.define({
    name: 'new-sessions',
    max: perMinute,
    windowMs: 60_000,
    subjectOf: clientIp,
    message: TOO_MANY_SESSIONS_MESSAGE,
  });
}

export async function sessionsRoutes(
  instance: FastifyInstance,
  options: {
    sessions: SessionsService;
    /** Only creating a session counts; resuming one, from any address, never does. */
    newSessions: Limit;
    isPrivate: (sessionId: string) => Promise<boolean>;
    /** An expired or deleted inspector is never resumed: a new session starts instead. */
    hasEnded?: (sessionId: string) => Promise<boolean>;
  },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { newSessions } = options;

  app.post('/api/user', { schema }, async (request, reply): Promise<SessionStart> => {
    const wantedSession = request.body ?? {};
    const identity = request.identity;
    // A key opens the session it belongs to, whatever session id comes with it.
    if (identity?.kind === 'refused-key') throw new UnauthorizedError(KEY_REFUSED_MESSAGE);
    // Resuming hands over the session id and its cookie: more than reading.
    if (identity?.kind === 'key' && identity.scope === 'read') throw new ForbiddenError(READ_KEY_MESSAGE);
    if (identity?.kind === 'key') {
      setSessionCookie(request, reply, identity.user.sessionId);
      const { id, sessionId } = identity.user;
      return identity.isPrivate ? { id, sessionId, private: true } : { id, sessionId };
    }
    const asked = wantedSession.sessionId ?? sessionIdOf(request);
    const wanted = asked !== null && (await options.hasEnded?.(asked)) ? null : asked;
    const user = await options.sessions.startSession(wanted, wantedSession.referrer ?? null, () =>
      newSessions.hit(request),
    );
    // Knowing a private session's id grants nothing: no cookie, only the news that it is private.
    if (await options.isPrivate(user.sessionId))
      return { id: user.id, sessionId: user.sessionId, private: true };
    setSessionCookie(request, reply, user.sessionId);
    return { id: user.id, sessionId: user.sessionId };
  });
}
