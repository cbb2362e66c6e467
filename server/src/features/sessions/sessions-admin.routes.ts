/**
 * The admin side of sessions: who holds the most storage or captured the most lately, deleting a
 * session's requests, suspending its webhook URL. Behind the admin guard; every change is logged
 * with the admin's session and the session it was done to.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DeletedRequests } from '../../../../shared/admin.js';
import { createAdminGuard } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { AdminService } from '../admin/admin.service.js';
import type { SessionsAdminService } from './sessions-admin.service.js';

interface SessionParams {
  Params: { sessionId: string };
}

export const suspendedBodySchema = z.object(
  { suspended: z.boolean({ error: 'suspended must be true or false.' }) },
  { error: 'Send a JSON body like {"suspended": true}.' },
);

export async function sessionsAdminRoutes(
  app: FastifyInstance,
  options: { sessionsAdmin: SessionsAdminService; admin: AdminService },
) {
  const { sessionsAdmin } = options;
  // Registered inside this plugin, so the guard covers exactly the routes below.
  app.addHook('preHandler', createAdminGuard(options.admin));

  app.get('/api/admin/sessions', () => sessionsAdmin.overview());

  app.put<SessionParams>('/api/admin/sessions/:sessionId', async (request) => {
    const adminSessionId = requireUser(request).sessionId;
    const { suspended } = parseInput(suspendedBodySchema, request.body);
    const { sessionId } = request.params;
    const usage = await sessionsAdmin.setSuspended(sessionId, suspended);
    request.log.info(
      { adminSessionId, sessionId },
      suspended ? 'admin suspended webhook URL' : 'admin lifted webhook URL suspension',
    );
    return usage;
  });

  app.delete<SessionParams>(
    '/api/admin/sessions/:sessionId/events',
    async (request): Promise<DeletedRequests> => {
      const adminSessionId = requireUser(request).sessionId;
      const { sessionId } = request.params;
      const deleted = await sessionsAdmin.deleteRequests(sessionId);
      request.log.info({ adminSessionId, sessionId, deleted }, 'admin deleted session requests');
      return { ok: true, deleted };
    },
  );
}
