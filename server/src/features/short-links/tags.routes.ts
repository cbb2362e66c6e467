/** The session's tags (`GET /api/tags`) and the analytics across a tag's links. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tagAnalyticsParamsSchema } from '../../../../shared/link-tags.js';
import { ANALYTICS_PERIODS } from '../../../../shared/links.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { TagsService } from './tags.service.js';

/** `?period=7d|30d|90d|all` (default all), as on one link's analytics. */
export const tagAnalyticsQuerySchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: `period must be one of ${ANALYTICS_PERIODS.join(', ')}.` })
    .default('all'),
});

export async function tagsRoutes(app: FastifyInstance, options: { tags: TagsService }) {
  const { tags } = options;

  app.get('/api/tags', async (request) => tags.list(requireUser(request)));

  app.get('/api/tags/:tag/analytics', async (request) => {
    const user = requireUser(request);
    const { tag } = parseInput(tagAnalyticsParamsSchema, request.params);
    const { period } = parseInput(tagAnalyticsQuerySchema, request.query);
    return tags.analytics(user, tag, period);
  });
}
