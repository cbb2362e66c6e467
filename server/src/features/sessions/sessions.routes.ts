import type { FastifyInstance } from 'fastify';
import type { SessionStart } from '../../../../shared/access.js';
import { sessionRequestSchema } from '../../../../shared/sessions.js';
import { clientIp } from '../../http/client-ip.js';
import { InvalidInputError, UnauthorizedError } from '../../http/errors.js';
import { KEY_REFUSED_MESSAGE, sessionIdOf } from '../../http/identity.js';
import type { Limiter } from '../../http/rate-limit/limiter.js';
import { setSessionCookie } from './session-cookie.js';
import type { SessionsService } from './sessions.service.js';

export const TOO_MANY_SESSIONS_MESSAGE =
  'Too many new sessions from your address. Please wait a moment and try again.';

export async function sessionsRoutes(
  app: FastifyInstance,
  options: {
    sessions: SessionsService;
    limiter: Limiter;
    sessionsPerMinute: number;
    isPrivate: (sessionId: string) => Promise<boolean>;
  },
) {
  // Only creating a session counts; resuming one, from any address, never does.
  const newSessions = options.limiter.define({
    name: 'new-sessions',
    max: options.sessionsPerMinute,
    windowMs: 60_000,
    subjectOf: clientIp,
    message: TOO_MANY_SESSIONS_MESSAGE,
  });

  app.post('/api/user', async (request, reply): Promise<SessionStart> => {
    const parsed = sessionRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      throw new InvalidInputError(parsed.error.issues[0]?.message ?? 'Invalid session request.');
    const identity = request.identity;
    // A key opens the session it belongs to, whatever session id comes with it.
    if (identity?.kind === 'refused-key') throw new UnauthorizedError(KEY_REFUSED_MESSAGE);
    if (identity?.kind === 'key') {
      setSessionCookie(request, reply, identity.user.sessionId);
      const { id, sessionId } = identity.user;
      return identity.isPrivate ? { id, sessionId, private: true } : { id, sessionId };
    }
    const wanted = parsed.data.sessionId ?? sessionIdOf(request);
    const user = await options.sessions.startSession(wanted, parsed.data.referrer ?? null, () =>
      newSessions.hit(request),
    );
    // Knowing a private session's id grants nothing: no cookie, only the news that it is private.
    if (await options.isPrivate(user.sessionId))
      return { id: user.id, sessionId: user.sessionId, private: true };
    setSessionCookie(request, reply, user.sessionId);
    return { id: user.id, sessionId: user.sessionId };
  });
}
