/** The session's tags (`GET /api/tags`) and the analytics across a tag's links. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tagAnalyticsParamsSchema } from '../../../../shared/link-tags.js';
import { ANALYTICS_PERIODS } from '../../../../shared/links.js';
import { requireUser } from '../../http/identity.js';
import { invalid, json, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { TagsService } from './tags.service.js';

/** `?period=7d|30d|90d|all` (default all), as on one link's analytics. */
const tagAnalyticsQuerySchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: `must be one of ${ANALYTICS_PERIODS.join(', ')}.` })
    .default('all'),
});

const SHORT_LINKS = { tags: ['Short links'] };
const SESSION = { access: 'session' } as const;

const listSchema = {
  ...SHORT_LINKS,
  summary: 'The session’s tags with how many links carry each',
  response: { 200: json('`[{"tag", "links"}]`, alphabetically.'), ...unauthorised },
};

const analyticsSchema = {
  ...SHORT_LINKS,
  summary: 'Clicks, unique visitors and clicks per day across a tag’s links',
  params: tagAnalyticsParamsSchema,
  querystring: tagAnalyticsQuerySchema,
  response: { 200: json('The tag’s analytics.'), ...invalid, ...unauthorised, ...notFound },
};

export async function tagsRoutes(instance: FastifyInstance, options: { tags: TagsService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { tags } = options;

  app.get('/api/tags', { config: SESSION, schema: listSchema }, async (request) =>
    tags.list(requireUser(request)),
  );

  app.get('/api/tags/:tag/analytics', { config: SESSION, schema: analyticsSchema }, async (request) =>
    tags.analytics(requireUser(request), request.params.tag, request.query.period),
  );
}
