import type { FastifyInstance } from 'fastify';
import { sessionRequestSchema } from '../../../../shared/sessions.js';
import { clientIp } from '../../http/client-ip.js';
import { InvalidInputError } from '../../http/errors.js';
import { sessionIdOf } from '../../http/identity.js';
import { setSessionCookie } from './session-cookie.js';
import type { SessionsService } from './sessions.service.js';

export async function sessionsRoutes(app: FastifyInstance, options: { sessions: SessionsService }) {
  app.post('/api/user', async (request, reply) => {
    const parsed = sessionRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      throw new InvalidInputError(parsed.error.issues[0]?.message ?? 'Invalid session request.');
    const wanted = parsed.data.sessionId ?? sessionIdOf(request);
    const user = await options.sessions.startSession(wanted, parsed.data.referrer ?? null, clientIp(request));
    setSessionCookie(request, reply, user.sessionId);
    return { id: user.id, sessionId: user.sessionId };
  });
}
