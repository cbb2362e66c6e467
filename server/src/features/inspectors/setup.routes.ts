/** `POST /api/inspectors`: a ready inspector in one call, for scripts, CI, `hookbay new` and agents. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inspectorSetupSchema } from '../../../../shared/inspectors.js';
import type { PublicOrigin } from '../../config.js';
import { error, invalid } from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import type { Limit } from '../../http/rate-limit/limiter.js';
import type { ZodRoutes } from '../../http/validation.js';
import { settingsSchema } from './settings.routes.js';
import type { InspectorSetupService } from './setup.service.js';

const newInspectorSchema = settingsSchema.extend({
  sessionId: z.string(),
  name: z.string().nullable(),
  webhookUrl: z.string().describe('By name when it has one, else by session id.'),
  private: z.boolean(),
  key: z.string().optional().describe('Only when private: the key that opens it, shown this once.'),
});

export async function setupRoutes(
  instance: FastifyInstance,
  options: { setup: InspectorSetupService; newSessions: Limit; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  app.post(
    '/api/inspectors',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'Create a ready inspector in one call',
        description:
          'Every field is optional: `name` (as for `PUT /api/user/name`), `responses` (rules as for ' +
          '`PUT /api/responses`), `private` (a key is made and answered, once), and `expiresIn` / ' +
          '`expiresAt`, `maxRequests`, `cors` (as for `PUT /api/user/inspector`). Counts against ' +
          'SESSIONS_PER_MINUTE like any new session. Use the answered `sessionId` (`X-Session-ID`) or ' +
          '`key` (`Authorization: Bearer`) for the other calls.',
        body: inspectorSetupSchema,
        response: {
          201: newInspectorSchema.describe('The inspector.'),
          ...invalid,
          409: error('Another inspector holds this name.'),
          429: error('Too many new sessions from this address; see Retry-After.'),
        },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(request, options.publicOrigin);
      const created = await options.setup.create(request.body, origin, () =>
        options.newSessions.hit(request),
      );
      // It may hold the only copy of a key: nothing on the way may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );
}
