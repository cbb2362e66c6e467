import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX } from '../../../../shared/webhooks.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { WebhooksService } from './webhooks.service.js';

export const eventsPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
});

export const eventIdSchema = z.object({ id: z.coerce.number().int().positive() });

export async function eventsRoutes(app: FastifyInstance, options: { webhooks: WebhooksService }) {
  app.get('/api/events', async (request) => {
    const user = requireUser(request);
    return options.webhooks.list(user, parseInput(eventsPageSchema, request.query));
  });

  app.delete('/api/events/:id', async (request) => {
    const user = requireUser(request);
    await options.webhooks.hide(user, parseInput(eventIdSchema, request.params).id);
    return { ok: true };
  });

  app.get('/api/events/:id/body', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(eventIdSchema, request.params);
    const decoded = (request.query as Record<string, unknown>).decoded === '1';
    const body = await options.webhooks.body(user, id, decoded);
    return reply
      .type('application/octet-stream')
      .header(
        'content-disposition',
        `attachment; filename="hookbay-request-${id}${decoded ? '-decoded' : ''}.bin"`,
      )
      .send(body);
  });
}
