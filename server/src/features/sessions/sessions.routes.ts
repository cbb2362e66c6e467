import type { FastifyInstance } from 'fastify';
import { sessionRequestSchema } from '../../../../shared/sessions.js';
import { clientIp } from '../../http/client-ip.js';
import { InvalidInputError } from '../../http/errors.js';
import { sessionIdOf } from '../../http/identity.js';
import type { Limiter } from '../../http/rate-limit/limiter.js';
import { setSessionCookie } from './session-cookie.js';
import type { SessionsService } from './sessions.service.js';

export const TOO_MANY_SESSIONS_MESSAGE =
  'Too many new sessions from your address. Please wait a moment and try again.';

export async function sessionsRoutes(
  app: FastifyInstance,
  options: { sessions: SessionsService; limiter: Limiter; sessionsPerMinute: number },
) {
  // Only creating a session counts; resuming one, from any address, never does.
  const newSessions = options.limiter.define({
    name: 'new-sessions',
    max: options.sessionsPerMinute,
    windowMs: 60_000,
    subjectOf: clientIp,
    message: TOO_MANY_SESSIONS_MESSAGE,
  });

  app.post('/api/user', async (request, reply) => {
    const parsed = sessionRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      throw new InvalidInputError(parsed.error.issues[0]?.message ?? 'Invalid session request.');
    const wanted = parsed.data.sessionId ?? sessionIdOf(request);
    const user = await options.sessions.startSession(wanted, parsed.data.referrer ?? null, () =>
      newSessions.hit(request),
    );
    setSessionCookie(request, reply, user.sessionId);
    return { id: user.id, sessionId: user.sessionId };
  });
}
