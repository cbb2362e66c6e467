/**
 * What a share link opens, for anyone holding it: `/shared/{token}` (the page) and
 * `/api/shared/{token}/…` (its read-only API). Every call reads the link's row, so a revocation
 * holds on every instance from the moment it is answered. Nothing here can change anything.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import { REDACTED, shareTokenSchema } from '../../../../shared/shares.js';
import { webhookUrl } from '../../../../shared/webhooks.js';
import type { PublicOrigin } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { error, invalid, json, media } from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import type { ZodRoutes } from '../../http/validation.js';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, exportChunks } from '../webhooks/event-export.js';
import { searchQuerySchema } from '../webhooks/event-search.js';
import { eventIdSchema, eventsPageSchema } from '../webhooks/events.routes.js';
import type { SharesService } from './shares.service.js';

/** Stands for the inspector's id in exported URLs: the id itself would open a public inspector. */
export const SHARED_ID_PLACEHOLDER = 'shared';

const SHARED = { tags: ['Webhook Inspector'] };
const ended = {
  404: error('No share link has this token.'),
  410: z
    .object({ error: z.string(), reason: z.enum(['revoked', 'expired']) })
    .describe('The link was revoked or has expired.'),
};

export async function sharedRoutes(
  instance: FastifyInstance,
  options: { shares: SharesService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { shares } = options;

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/shared/')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/shared/:token',
    {
      schema: {
        ...SHARED,
        summary: 'The page of a share link',
        description:
          'The read-only inspector page: 200 while the link works, 410 once revoked or expired, 404 for an unknown token.',
        params: shareTokenSchema,
        response: {
          200: media('text/html', 'The page.'),
          404: media('text/html', 'No share link has this token: a page that says so.'),
          410: media('text/html', 'The link was revoked or has expired: a page that says so.'),
        },
      },
    },
    async (request, reply) => {
      try {
        await shares.open(request.params.token);
        return reply.sendAppPage(200);
      } catch (failure) {
        if (failure instanceof HttpError) return reply.sendAppPage(failure.statusCode);
        throw failure;
      }
    },
  );

  app.get(
    '/api/shared/:token',
    {
      schema: {
        ...SHARED,
        summary: 'What a share link shows',
        description: `\`redactedHeaders\` lists the header names whose values read \`${REDACTED}\` (empty when the link shows secrets).`,
        params: shareTokenSchema,
        response: {
          200: z
            .object({
              kind: z.enum(['inspector', 'request']),
              eventId: z.number().int().nullable(),
              expiresAt: z.string().describe('ISO 8601.'),
              redactedHeaders: z.array(z.string()).describe('Lower-cased header names.'),
            })
            .describe('The link.'),
          ...ended,
        },
      },
    },
    async (request) => shares.view(await shares.open(request.params.token)),
  );

  app.get(
    '/api/shared/:token/events',
    {
      schema: {
        ...SHARED,
        summary: 'The shared requests, newest first, redacted',
        description:
          'Takes the search and paging of `GET /api/events`. A request link lists its request alone. ' +
          'A search never matches a redacted value.',
        params: shareTokenSchema,
        querystring: searchQuerySchema(eventsPageSchema),
        response: { 200: json('A page of events, as `GET /api/events` gives them.'), ...invalid, ...ended },
      },
    },
    async (request) => shares.events(await shares.open(request.params.token), request.query),
  );

  app.get(
    '/api/shared/:token/events/:id',
    {
      schema: {
        ...SHARED,
        summary: 'One shared request, redacted',
        params: shareTokenSchema.extend(eventIdSchema.shape),
        response: { 200: json('The event.'), ...invalid, ...ended },
      },
    },
    async (request) => shares.event(await shares.open(request.params.token), request.params.id),
  );

  app.get(
    '/api/shared/:token/export',
    {
      schema: {
        ...SHARED,
        summary: 'Export the shared requests as HAR 1.2 or NDJSON, redacted',
        description: `As \`GET /api/events/export\`; request URLs show \`/webhook/${SHARED_ID_PLACEHOLDER}\` in place of the inspector’s id.`,
        params: shareTokenSchema,
        querystring: searchQuerySchema(
          z.object({ format: z.enum(EXPORT_FORMATS, { message: 'must be har or ndjson' }) }),
        ),
        response: { 200: media('application/octet-stream', 'The file.'), ...invalid, ...ended },
      },
    },
    async (request, reply) => {
      const share = await shares.open(request.params.token);
      const { format, filter } = request.query;
      const captureUrl = webhookUrl(publicOrigin(request, options.publicOrigin), SHARED_ID_PLACEHOLDER);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="hookbay-shared-${day}.${format}"`)
        .send(Readable.from(exportChunks(format, shares.rows(share, filter), captureUrl)));
    },
  );
}
