/** `/api/link-webhooks`: a session's click webhook endpoints and their recent deliveries. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  linkWebhookCreateSchema,
  linkWebhookUpdateSchema,
  MAX_LINK_WEBHOOKS_PER_SESSION,
} from '../../../../shared/link-webhooks.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { error, invalid, json, notFound, okSchema, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import { linkContextOf } from '../short-links/request-info.js';
import type { LinkWebhooksService } from './link-webhooks.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const SHORT_LINKS = { tags: ['Short links'] };
const SESSION = { access: 'session' } as const;

export async function linkWebhooksRoutes(
  instance: FastifyInstance,
  options: { linkWebhooks: LinkWebhooksService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { linkWebhooks, publicOrigin } = options;

  const listSchema = {
    ...SHORT_LINKS,
    summary: 'List the session’s click webhook endpoints',
    response: { 200: json('Oldest first, with status and secret.'), ...unauthorised },
  };
  app.get('/api/link-webhooks', { config: SESSION, schema: listSchema }, async (request) =>
    linkWebhooks.list(requireUser(request)),
  );

  const createSchema = {
    ...SHORT_LINKS,
    summary: 'Add a click webhook endpoint',
    description:
      'For one link (`linkId`) or all (`null`); `events` default to all. Signed the Standard Webhooks way ' +
      `with the \`whsec_\` secret in the answer. At most ${MAX_LINK_WEBHOOKS_PER_SESSION} per session.`,
    body: linkWebhookCreateSchema,
    response: {
      201: json('The new endpoint.'),
      ...invalid,
      ...unauthorised,
      403: error('The target address is refused.'),
      ...notFound,
      409: error('The session holds the most endpoints it can.'),
    },
  };
  app.post('/api/link-webhooks', { config: SESSION, schema: createSchema }, async (request, reply) => {
    const { apiBase } = linkContextOf(request, publicOrigin);
    return reply.status(201).send(await linkWebhooks.create(requireUser(request), request.body, apiBase));
  });

  const updateSchema = {
    ...SHORT_LINKS,
    summary: 'Change, re-enable or turn off a click webhook endpoint',
    params: idParams,
    body: linkWebhookUpdateSchema,
    response: {
      200: json('The endpoint.'),
      ...invalid,
      ...unauthorised,
      403: error('The target address is refused.'),
      ...notFound,
    },
  };
  app.patch('/api/link-webhooks/:id', { config: SESSION, schema: updateSchema }, async (request) =>
    linkWebhooks.update(requireUser(request), request.params.id, request.body),
  );

  const deleteSchema = {
    ...SHORT_LINKS,
    summary: 'Delete a click webhook endpoint and its queue',
    params: idParams,
    response: { 200: okSchema.describe('Deleted.'), ...invalid, ...unauthorised, ...notFound },
  };
  app.delete('/api/link-webhooks/:id', { config: SESSION, schema: deleteSchema }, async (request) => {
    await linkWebhooks.remove(requireUser(request), request.params.id);
    return { ok: true };
  });

  const deliveriesSchema = {
    ...SHORT_LINKS,
    summary: 'Recent deliveries of a click webhook endpoint',
    params: idParams,
    response: { 200: json('Newest first.'), ...invalid, ...unauthorised, ...notFound },
  };
  app.get(
    '/api/link-webhooks/:id/deliveries',
    { config: SESSION, schema: deliveriesSchema },
    async (request) => linkWebhooks.deliveries(requireUser(request), request.params.id),
  );
}
