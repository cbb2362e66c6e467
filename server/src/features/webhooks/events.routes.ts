import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, webhookUrl } from '../../../../shared/webhooks.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import type { ZodRoutes } from '../../http/validation.js';
import {
  error,
  invalid,
  json,
  media,
  notFound,
  okSchema,
  unauthorised,
} from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, exportChunks } from './event-export.js';
import { searchQuerySchema } from './event-search.js';
import type { WebhooksService } from './webhooks.service.js';

export const eventsPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
});

export const eventIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** Download links cannot send headers: they carry the session id in the query. */
const sessionIdQuery = { sessionId: z.string().optional() };

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;
/** Reads only: a read key may call it. */
const READS = { access: 'session', keyScope: 'read' } as const;

export async function eventsRoutes(
  instance: FastifyInstance,
  options: { webhooks: WebhooksService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();

  app.get(
    '/api/events',
    {
      config: READS,
      schema: {
        ...INSPECTOR,
        summary: 'List captured requests, newest first',
        description:
          '`q` finds text (case-insensitive) in the body, header names and values, path and query; ' +
          '`method` is one method or a comma list; `from` (inclusive) and `to` (exclusive) are ISO 8601 ' +
          'times. Filters combine with AND and with the paging. Each event’s `callback` is what the ' +
          'answering rule’s callback did (`{"state": "pending"|"sent"|"failed", "method", "url", "delayMs", ' +
          '"status", "durationMs", "error", "answer", "at"}`), or null when it had none.',
        querystring: searchQuerySchema(eventsPageSchema),
        response: { 200: json('A page of events.'), ...invalid, ...unauthorised },
      },
    },
    async (request) => options.webhooks.list(requireUser(request), request.query),
  );

  app.get(
    '/api/events/count',
    {
      config: READS,
      schema: {
        ...INSPECTOR,
        summary: 'How many captured requests match the filters, of how many',
        querystring: searchQuerySchema(z.object({})),
        response: {
          200: z
            .object({
              matching: z.number().int(),
              total: z.number().int(),
              newestId: z
                .number()
                .int()
                .describe('The newest visible request id when counted (0 when none).'),
            })
            .describe('The counts.'),
          ...invalid,
          ...unauthorised,
        },
      },
    },
    async (request) => options.webhooks.count(requireUser(request), request.query.filter),
  );

  app.get(
    '/api/events/export',
    {
      config: READS,
      schema: {
        ...INSPECTOR,
        summary: 'Export the matching requests as HAR 1.2 or NDJSON',
        description:
          'An attachment, streamed: one HAR entry, or one event JSON line, per request, with whole bodies.',
        querystring: searchQuerySchema(
          z.object({
            format: z.enum(EXPORT_FORMATS, { message: 'must be har or ndjson' }),
            ...sessionIdQuery,
          }),
        ),
        response: {
          200: media('application/octet-stream', 'The file.'),
          ...invalid,
          ...unauthorised,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { format, filter } = request.query;
      const rows = options.webhooks.matchingRows(user, filter);
      const captureUrl = webhookUrl(publicOrigin(request, options.publicOrigin), user.sessionId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="hookbay-requests-${day}.${format}"`)
        .send(Readable.from(exportChunks(format, rows, captureUrl)));
    },
  );

  app.delete(
    '/api/events',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Delete (hide) every captured request of the session: "Clear all"',
        description:
          'Every request stored until now is hidden; ones arriving meanwhile stay. The session’s browsers, ' +
          'on every instance, get `webhooks-cleared` with `upTo`, the newest id the clear covered.',
        response: {
          200: okSchema
            .extend({
              deleted: z.number().int().describe('How many requests were hidden.'),
              upTo: z.number().int().describe('The newest id the clear covered (0 when there was none).'),
            })
            .describe('Cleared.'),
          ...unauthorised,
        },
      },
    },
    async (request) => ({ ok: true, ...(await options.webhooks.clear(requireUser(request))) }),
  );

  app.post(
    '/api/events/:id/restore',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Bring back a deleted request',
        description:
          'Works while the deleted request is still stored (the storage limits prune it like any other).',
        params: eventIdSchema,
        response: {
          200: json('The request, as `GET /api/events` gives it.'),
          ...invalid,
          ...unauthorised,
          404: error('No deleted request with this id for this session.'),
        },
      },
    },
    async (request) => options.webhooks.restore(requireUser(request), request.params.id),
  );

  app.delete(
    '/api/events/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Delete (hide) a captured request',
        description:
          'Until it is pruned, `POST /api/events/{id}/restore` brings it back (the "Undo" of the inspector).',
        params: eventIdSchema,
        response: { 200: okSchema.describe('Deleted.'), ...invalid, ...unauthorised, ...notFound },
      },
    },
    async (request) => {
      await options.webhooks.hide(requireUser(request), request.params.id);
      return { ok: true };
    },
  );

  app.get(
    '/api/events/:id/body',
    {
      config: READS,
      schema: {
        ...INSPECTOR,
        summary: 'Download the stored body bytes',
        description: 'Add `?decoded=1` to undo its Content-Encoding (gzip, deflate, br).',
        params: eventIdSchema,
        querystring: z.object({ decoded: z.enum(['1']).optional(), ...sessionIdQuery }),
        response: {
          200: media('application/octet-stream', 'The body, as an attachment.'),
          ...invalid,
          ...unauthorised,
          ...notFound,
          422: error('The body could not be decoded.'),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const decoded = request.query.decoded === '1';
      const body = await options.webhooks.body(requireUser(request), id, decoded);
      return reply
        .type('application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="hookbay-request-${id}${decoded ? '-decoded' : ''}.bin"`,
        )
        .send(body);
    },
  );
}
