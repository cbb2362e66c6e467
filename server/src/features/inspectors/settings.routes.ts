/** `/api/user/inspector`: the inspector's lifetime, cap on kept requests and CORS switch, and its deletion. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_REQUESTS_CAP, inspectorSettingsBodySchema } from '../../../../shared/inspectors.js';
import { InvalidInputError } from '../../http/errors.js';
import { requireUser } from '../../http/identity.js';
import { invalid, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { InspectorSettingsService } from './settings.service.js';

export const settingsSchema = z.object({
  expiresAt: z.string().nullable().describe('ISO 8601; null: never.'),
  maxRequests: z
    .number()
    .int()
    .nullable()
    .describe('Requests kept at most (0: none); null: the instance’s limits only.'),
  cors: z.boolean().describe('Whether captures answer with open CORS headers.'),
});
const SESSION = { access: 'session' } as const;
const CONFIRM_MESSAGE = 'confirm: send this inspector’s session id as ?confirm=… to delete it.';

export async function settingsRoutes(
  instance: FastifyInstance,
  options: { settings: InspectorSettingsService; forgetName: (name: string) => Promise<void> },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { settings } = options;

  app.get(
    '/api/user/inspector',
    {
      config: SESSION,
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'The inspector’s lifetime, cap and CORS switch',
        response: { 200: settingsSchema.describe('The settings.'), ...unauthorised },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return settings.get(requireUser(request));
    },
  );

  app.put(
    '/api/user/inspector',
    {
      config: SESSION,
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'Set the inspector’s lifetime, cap or CORS switch',
        description:
          'Each field left out stays as it is. `expiresIn` ("30m", "2h", "7d", at most 365 days) or ' +
          '`expiresAt` (ISO 8601, null: never): then the inspector and everything it holds (requests, ' +
          'response rules, keys, its name) are removed, and its URL answers 410 with a JSON reason. ' +
          `\`maxRequests\` (0-${MAX_REQUESTS_CAP}, null: none): requests kept at most, the newest; 0 answers ` +
          'and shows requests but keeps none. The instance’s own limits still apply. `cors: false` drops ' +
          'the open CORS headers from capture answers.',
        body: inspectorSettingsBodySchema,
        response: { 200: settingsSchema.describe('The settings now.'), ...invalid, ...unauthorised },
      },
    },
    async (request) => settings.change(requireUser(request), request.body),
  );

  app.delete(
    '/api/user/inspector',
    {
      config: SESSION,
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'Delete the inspector and everything it holds',
        description:
          'The inspector’s own session id must come as `?confirm=`, so that no call deletes an ' +
          'inspector by mistake. Removes its requests, response rules, keys and name at once, on every instance. Its ' +
          'webhook URL (by id or by its former name) answers 404 from then on, and its session id is ' +
          'never resumed: `POST /api/user` with it starts a new session.',
        querystring: z.object({
          confirm: z.string().optional().describe('The inspector’s session id, confirming the deletion.'),
        }),
        response: {
          200: z.object({ ok: z.literal(true) }).describe('Deleted.'),
          ...invalid,
          ...unauthorised,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Checked after the caller is known, so a caller without access learns nothing more than 401.
      if (request.query.confirm !== user.sessionId) throw new InvalidInputError(CONFIRM_MESSAGE);
      await settings.remove(user, options.forgetName);
      return { ok: true as const };
    },
  );
}
