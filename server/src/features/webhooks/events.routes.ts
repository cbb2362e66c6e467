import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, webhookUrl } from '../../../../shared/webhooks.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { publicOrigin } from '../../http/origin.js';
import { parseInput } from '../../http/validation.js';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, exportChunks } from './event-export.js';
import { filterSchema } from './event-search.js';
import type { WebhooksService } from './webhooks.service.js';

export const eventsPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
});

export const exportSchema = z.object({
  format: z.enum(EXPORT_FORMATS, { message: 'must be har or ndjson' }),
});

export const eventIdSchema = z.object({ id: z.coerce.number().int().positive() });

export async function eventsRoutes(
  app: FastifyInstance,
  options: { webhooks: WebhooksService; publicOrigin: PublicOrigin | null },
) {
  app.get('/api/events', async (request) => {
    const user = requireUser(request);
    const page = parseInput(eventsPageSchema, request.query);
    const filter = parseInput(filterSchema, request.query);
    return options.webhooks.list(user, { ...page, filter });
  });

  app.get('/api/events/count', async (request) => {
    const user = requireUser(request);
    return options.webhooks.count(user, parseInput(filterSchema, request.query));
  });

  app.get('/api/events/export', async (request, reply) => {
    const user = requireUser(request);
    const { format } = parseInput(exportSchema, request.query);
    const filter = parseInput(filterSchema, request.query);
    const rows = options.webhooks.matchingRows(user, filter);
    const captureUrl = webhookUrl(publicOrigin(request, options.publicOrigin), user.sessionId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="hookbay-requests-${day}.${format}"`)
      .send(Readable.from(exportChunks(format, rows, captureUrl)));
  });

  app.delete('/api/events', async (request) => {
    const user = requireUser(request);
    return { ok: true, ...(await options.webhooks.clear(user)) };
  });

  app.post('/api/events/:id/restore', async (request) => {
    const user = requireUser(request);
    return options.webhooks.restore(user, parseInput(eventIdSchema, request.params).id);
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
