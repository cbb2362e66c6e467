/**
 * `/api/user/name`: the name that gives an inspector a second webhook URL, and the admin's way to
 * free a name (`DELETE /api/admin/names/{name}`, behind the admin guard in its own plugin).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  INSPECTOR_NAME_MAX_LENGTH,
  INSPECTOR_NAME_MIN_LENGTH,
  inspectorNameBodySchema,
} from '../../../../shared/inspectors.js';
import { createAdminGuard, type AdminCheck } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { adminOnly, error, invalid, unauthorised } from '../../http/openapi/responses.js';
import type { Limit } from '../../http/rate-limit/limiter.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { InspectorNames } from './names.service.js';

const nameSchema = z.object({ name: z.string().nullable() });
const SESSION = { access: 'session' } as const;
const NAME_RULES =
  `A name is ${INSPECTOR_NAME_MIN_LENGTH}-${INSPECTOR_NAME_MAX_LENGTH} lower-case letters, digits and ` +
  'dashes, starting and ending with a letter or digit, never shaped like a UUID, and not one of the ' +
  'reserved words (admin, api, webhook, …).';

export async function namesRoutes(
  instance: FastifyInstance,
  options: { names: InspectorNames; newSessions: Limit },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { names } = options;

  app.get(
    '/api/user/name',
    {
      config: SESSION,
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'The inspector’s name',
        response: { 200: nameSchema.describe('null while it has none.'), ...unauthorised },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return names.nameOf(requireUser(request));
    },
  );

  app.put(
    '/api/user/name',
    {
      config: SESSION,
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'Name the inspector, rename it, or drop its name',
        description:
          'Requests to `/webhook/{name}` and below are then captured exactly as by `/webhook/{sessionId}`, ' +
          `which keeps working. ${NAME_RULES} Names are first come, first served; claiming one counts ` +
          'against SESSIONS_PER_MINUTE. A rename frees the old name at once: it answers 404.',
        body: inspectorNameBodySchema,
        response: {
          200: nameSchema.describe('The name now.'),
          ...invalid,
          ...unauthorised,
          409: error('Another inspector holds this name.'),
          429: error('Too many new sessions or names from this address; see Retry-After.'),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { name } = request.body;
      if (name !== null) await options.newSessions.hit(request);
      return names.rename(user, name);
    },
  );
}

export async function namesAdminRoutes(
  instance: FastifyInstance,
  options: { names: InspectorNames; admin: AdminCheck },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  app.addHook('preValidation', createAdminGuard(options.admin));
  app.delete(
    '/api/admin/names/:name',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Admin'],
        summary: 'Free an inspector name',
        description:
          'The inspector keeps its session id URL; `/webhook/{name}` answers 404 at once, on every instance.',
        params: z.object({ name: z.string().describe('The inspector name.') }),
        response: {
          200: z
            .object({ ok: z.literal(true), sessionId: z.string() })
            .describe('The inspector that held it.'),
          ...adminOnly,
          404: error('No inspector holds this name.'),
        },
      },
    },
    async (request) => {
      const adminSessionId = requireUser(request).sessionId;
      const sessionId = await options.names.free(request.params.name);
      request.log.info(
        { adminSessionId, sessionId, name: request.params.name },
        'admin freed inspector name',
      );
      return { ok: true as const, sessionId };
    },
  );
}
