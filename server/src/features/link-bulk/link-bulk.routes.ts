/**
 * Bulk create, edit and delete of short links, and the links export. A bulk answer is 200 with one
 * entry per item, in request order: the link, or `{"index", "status", "error"}`. Each created item
 * counts against the same create limits as POST /api/urls; once one refuses, every later item that
 * would create a link fails with the same words, and the answer carries its Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bulkDeleteSchema,
  bulkItemsSchema,
  LINKS_BULK_PATH,
  LINKS_EXPORT_PATH,
  MAX_BULK_ITEMS,
} from '../../../../shared/link-bulk.js';
import { TooManyRequestsError } from '../../http/errors.js';
import { requireUser } from '../../http/identity.js';
import { hitAll } from '../../http/rate-limit/limiter.js';
import { invalid, json, media, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import { defineCreateLimits } from '../short-links/link-limits.js';
import type { LinkRoutesOptions } from '../short-links/links.routes.js';
import { linkContextOf } from '../short-links/request-info.js';
import { createLinkBulkService } from './link-bulk.service.js';

const linksExportQuerySchema = z.object({
  format: z.literal('csv', { error: 'format must be csv.' }).default('csv'),
  sessionId: z.string().optional(),
});

const SHORT_LINKS = { tags: ['Short links'] };
const SESSION = { access: 'session' } as const;
const BULK_ANSWERS = {
  200: json(
    'Per item, in request order: the link, or `{"index", "status", "error"}` with the status a single ' +
      'call would have answered.',
  ),
  ...invalid,
  ...unauthorised,
};

const createSchema = {
  ...SHORT_LINKS,
  summary: 'Create many short links',
  description:
    `1-${MAX_BULK_ITEMS} bodies of POST /api/urls, each checked on its own. Each counts against the ` +
    'create limits. An externalId the session already has creates nothing: that item answers the existing link.',
  body: bulkItemsSchema,
  response: BULK_ANSWERS,
};

const editSchema = {
  ...SHORT_LINKS,
  summary: 'Change many short links',
  description:
    `1-${MAX_BULK_ITEMS} items, each checked on its own: the link by \`id\` (or \`externalId\`), then ` +
    'the changes of PUT /api/urls/{id}; `url` is optional.',
  body: bulkItemsSchema,
  response: BULK_ANSWERS,
};

const deleteSchema = {
  ...SHORT_LINKS,
  summary: 'Delete many short links',
  body: bulkDeleteSchema,
  response: BULK_ANSWERS,
};

const exportSchema = {
  ...SHORT_LINKS,
  summary: 'Export the session’s short links',
  querystring: linksExportQuerySchema,
  response: { 200: media('text/csv', 'The links as CSV.'), ...invalid, ...unauthorised },
};

const EXPORT_FILE_NAME = 'hookbay-links.csv';

/** Given what POST /api/urls is given: the same create-limit counters, so bulk items count as creations. */
export async function linkBulkRoutes(instance: FastifyInstance, options: LinkRoutesOptions) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { publicOrigin } = options;
  const bulk = createLinkBulkService({ links: options.links });
  const createLimits = defineCreateLimits(options.limiter, options.createLimits);

  /** Counts each creation; after the first refusal, refuses the rest of the batch the same way. */
  function batchCounter(request: FastifyRequest) {
    let refusal: TooManyRequestsError | null = null;
    return {
      refusal: () => refusal,
      async countCreation() {
        if (refusal) throw refusal;
        try {
          await hitAll(request, createLimits);
        } catch (error) {
          if (error instanceof TooManyRequestsError) refusal = error;
          throw error;
        }
      },
    };
  }

  app.post(LINKS_BULK_PATH, { config: SESSION, schema: createSchema }, async (request, reply) => {
    const user = requireUser(request);
    const items = request.body;
    const counter = batchCounter(request);
    const creator = { user, countCreation: counter.countCreation };
    const results = await bulk.create(creator, items, linkContextOf(request, publicOrigin));
    const refusal = counter.refusal();
    if (refusal) reply.header('retry-after', String(refusal.retryAfterSeconds));
    return results;
  });

  app.patch(LINKS_BULK_PATH, { config: SESSION, schema: editSchema }, async (request) =>
    bulk.edit(requireUser(request), request.body, linkContextOf(request, publicOrigin)),
  );

  app.delete(LINKS_BULK_PATH, { config: SESSION, schema: deleteSchema }, async (request) =>
    bulk.remove(requireUser(request), request.body),
  );

  app.get(LINKS_EXPORT_PATH, { config: SESSION, schema: exportSchema }, async (request, reply) => {
    const user = requireUser(request);
    const csv = await bulk.exportCsv(user, linkContextOf(request, publicOrigin).apiBase);
    return reply
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
      .send(csv);
  });
}
