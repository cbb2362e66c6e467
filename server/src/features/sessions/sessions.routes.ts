import type { FastifyInstance } from 'fastify';
import type { SessionStart } from '../../../../shared/access.js';
import { sessionRequestSchema } from '../../../../shared/sessions.js';
import { clientIp } from '../../http/client-ip.js';
import { InvalidInputError, UnauthorizedError } from '../../http/errors.js';
import { KEY_REFUSED_MESSAGE, sessionIdOf } from '../../http/identity.js';
import { setSessionCookie } from './session-cookie.js';
import type { SessionsService } from './sessions.service.js';

export async function sessionsRoutes(
  app: FastifyInstance,
  options: { sessions: SessionsService; isPrivate: (sessionId: string) => Promise<boolean> },
) {
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
    const user = await options.sessions.startSession(wanted, parsed.data.referrer ?? null, clientIp(request));
    // Knowing a private session's id grants nothing: no cookie, only the news that it is private.
    if (await options.isPrivate(user.sessionId))
      return { id: user.id, sessionId: user.sessionId, private: true };
    setSessionCookie(request, reply, user.sessionId);
    return { id: user.id, sessionId: user.sessionId };
  });
}
