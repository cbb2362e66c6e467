/** `/api/link-webhooks`: a session's click webhook endpoints and their recent deliveries. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { linkWebhookCreateSchema, linkWebhookUpdateSchema } from '../../../../shared/link-webhooks.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import { linkContextOf } from '../short-links/request-info.js';
import type { LinkWebhooksService } from './link-webhooks.service.js';

export const linkWebhookIdSchema = z.object({ id: z.string().min(1).max(64) });

export async function linkWebhooksRoutes(
  app: FastifyInstance,
  options: { linkWebhooks: LinkWebhooksService; publicOrigin: PublicOrigin | null },
) {
  const { linkWebhooks, publicOrigin } = options;

  app.get('/api/link-webhooks', async (request) => linkWebhooks.list(requireUser(request)));

  app.post('/api/link-webhooks', async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(linkWebhookCreateSchema, request.body ?? {});
    const { apiBase } = linkContextOf(request, publicOrigin);
    return reply.status(201).send(await linkWebhooks.create(user, body, apiBase));
  });

  app.patch('/api/link-webhooks/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(linkWebhookIdSchema, request.params);
    return linkWebhooks.update(user, id, parseInput(linkWebhookUpdateSchema, request.body ?? {}));
  });

  app.delete('/api/link-webhooks/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(linkWebhookIdSchema, request.params);
    await linkWebhooks.remove(user, id);
    return { ok: true };
  });

  app.get('/api/link-webhooks/:id/deliveries', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(linkWebhookIdSchema, request.params);
    return linkWebhooks.deliveries(user, id);
  });
}
