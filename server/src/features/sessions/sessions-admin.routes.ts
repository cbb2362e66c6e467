/**
 * The admin side of sessions: who holds the most storage or captured the most lately, deleting a
 * session's requests, suspending its webhook URL. Behind the admin guard; every change is logged
 * with the admin's session and the session it was done to.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DeletedRequests } from '../../../../shared/admin.js';
import { createAdminGuard, type AdminCheck } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { adminOnly, invalid, json, notFound } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { SessionsAdminService } from './sessions-admin.service.js';

const sessionIdParams = z.object({
  sessionId: z.string().describe('The session id (a UUID) from the webhook URL.'),
});
const ADMIN = { tags: ['Admin'] };
const ADMIN_ONLY = { access: 'admin' } as const;

export const suspendedBodySchema = z.object(
  { suspended: z.boolean({ error: 'suspended must be true or false.' }) },
  { error: 'Send a JSON body like {"suspended": true}.' },
);

export async function sessionsAdminRoutes(
  instance: FastifyInstance,
  options: { sessionsAdmin: SessionsAdminService; admin: AdminCheck },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { sessionsAdmin } = options;
  // Registered inside this plugin, so the guard covers exactly the routes below.
  // Before input is validated, so that only an admin learns what input is wrong.
  app.addHook('preValidation', createAdminGuard(options.admin));

  app.get(
    '/api/admin/sessions',
    {
      config: ADMIN_ONLY,
      schema: {
        ...ADMIN,
        summary: 'Sessions holding the most storage or capturing the most lately',
        description:
          '`largest`: the 20 sessions whose stored requests (bodies and headers) take the most bytes; ' +
          '`busiest`: the 20 with the most requests captured in the last 24 hours; `suspended`: the ' +
          'suspended sessions. Each row: `sessionId`, `requests`, `bytes`, `recentRequests`, ' +
          '`lastCaptureAt`, `suspendedAt`. `storage`: `bytes` of every session together against ' +
          '`budgetBytes`, the instance’s budget (STORAGE_MAX_MB).',
        response: { 200: json('The three lists and `recentSince`.'), ...adminOnly },
      },
    },
    () => sessionsAdmin.overview(),
  );

  const suspendSchema = {
    ...ADMIN,
    summary: 'Suspend a session’s webhook URL, or lift the suspension',
    description:
      'While suspended, captures to the session’s webhook URL answer 410 with a JSON error and store nothing.',
    params: sessionIdParams,
    body: suspendedBodySchema,
    response: { 200: json('The session’s row.'), ...invalid, ...adminOnly, ...notFound },
  };
  app.put(
    '/api/admin/sessions/:sessionId',
    { config: ADMIN_ONLY, schema: suspendSchema },
    async (request) => {
      const adminSessionId = requireUser(request).sessionId;
      const { suspended } = request.body;
      const { sessionId } = request.params;
      const usage = await sessionsAdmin.setSuspended(sessionId, suspended);
      request.log.info(
        { adminSessionId, sessionId },
        suspended ? 'admin suspended webhook URL' : 'admin lifted webhook URL suspension',
      );
      return usage;
    },
  );

  app.delete(
    '/api/admin/sessions/:sessionId/events',
    {
      config: ADMIN_ONLY,
      schema: {
        ...ADMIN,
        summary: 'Delete every stored request of a session',
        params: sessionIdParams,
        response: {
          200: z
            .object({ ok: z.literal(true), deleted: z.number().int() })
            .describe('How many were deleted.'),
          ...adminOnly,
          ...notFound,
        },
      },
    },
    async (request): Promise<DeletedRequests> => {
      const adminSessionId = requireUser(request).sessionId;
      const { sessionId } = request.params;
      const deleted = await sessionsAdmin.deleteRequests(sessionId);
      request.log.info({ adminSessionId, sessionId, deleted }, 'admin deleted session requests');
      return { ok: true, deleted };
    },
  );
}
