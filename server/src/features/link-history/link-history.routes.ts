/** A short link's history, for its owner. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { linkHistoryQuerySchema } from '../../../../shared/link-history.js';
import { requireUser } from '../../http/identity.js';
import { invalid, json, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { LinkHistoryService } from './link-history.service.js';

const schema = {
  tags: ['Short links'],
  summary: 'A short link’s history',
  description:
    'Its changes, newest first: `[{at, by: owner|admin, kind: created|updated|disabled|enabled, ' +
    'changes: {field: {from, to}}}]`. A password shows only as `set`; the newest 200 are kept.',
  params: z.object({ id: z.string() }),
  querystring: linkHistoryQuerySchema,
  response: { 200: json('The entries.'), ...invalid, ...unauthorised, ...notFound },
};

export async function linkHistoryRoutes(instance: FastifyInstance, options: { history: LinkHistoryService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  app.get('/api/urls/:id/history', { config: { access: 'session' }, schema }, async (request) =>
    options.history.list(requireUser(request), request.params.id, request.query.limit),
  );
}
