/** A short link's analytics for its owner: JSON, or every click as a CSV file. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANALYTICS_PERIODS } from '../../../../shared/links.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { invalid, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { ClicksService } from './clicks.service.js';
import { clicksCsvFileName } from './csv.js';
import { linkContextOf } from './request-info.js';

const SHORT_LINKS = { tags: ['Short links'] };

const analyticsSchema = {
  ...SHORT_LINKS,
  summary: 'Analytics of one of the session’s links',
  description:
    'Add `?format=csv` for every click as a CSV file. `byRule` ([{ruleId, clicks}]) and `byVariant` ' +
    '([{variantId, clicks}], variants since removed included) count people’s clicks over the period; ' +
    '`rules` and `split` are the link’s own now, to name them.',
  params: z.object({ id: z.string() }),
  querystring: z.object({
    format: z.enum(['csv']).optional(),
    period: z
      .enum(ANALYTICS_PERIODS, { message: `must be one of ${ANALYTICS_PERIODS.join(', ')}.` })
      .default('all'),
    sessionId: z.string().optional(),
  }),
  response: {
    200: {
      description: 'The analytics, or with `format=csv` every click.',
      content: { 'application/json': { schema: z.unknown() }, 'text/csv': { schema: z.unknown() } },
    },
    ...invalid,
    ...unauthorised,
    ...notFound,
  },
};

export async function analyticsRoutes(
  instance: FastifyInstance,
  options: { clicks: ClicksService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { clicks, publicOrigin } = options;
  const SESSION = { access: 'session' } as const;
  app.get('/s/:id/analytics', { config: SESSION, schema: analyticsSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = request.params;
    // Click details are personal data (IP addresses); no cache along the way should keep them.
    reply.header('cache-control', 'no-store');
    if (request.query.format !== 'csv') {
      return clicks.analytics(user, id, linkContextOf(request, publicOrigin).apiBase, request.query.period);
    }
    const lines = await clicks.exportCsv(user, id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${clicksCsvFileName(id)}"`)
      .send(Readable.from(lines));
  });
}
