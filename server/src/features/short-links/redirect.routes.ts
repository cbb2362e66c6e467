/** The public side of short links: the redirect, and the owner's analytics of a link. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { noteDatabaseOutage } from '../../db/unavailable.js';
import { requireUser } from '../../http/identity.js';
import type { OutageLog } from '../../outage-log.js';
import type { ClicksService } from './clicks.service.js';
import { clicksCsvFileName } from './csv.js';
import type { LinksService } from './links.service.js';
import { linkContextOf, visitOf } from './request-info.js';

interface IdParams {
  Params: { id: string };
}

interface AnalyticsRequest extends IdParams {
  Querystring: { format?: string };
}

export async function redirectRoutes(
  app: FastifyInstance,
  options: {
    links: LinksService;
    clicks: ClicksService;
    publicUrl: string | null;
    databaseOutage: OutageLog;
  },
) {
  const { links, clicks, publicUrl, databaseOutage } = options;

  // HEAD is declared with GET so that Fastify does not add its own HEAD route, which would run
  // this handler as a GET and record the click; link checkers and previews send HEAD.
  app.route<IdParams>({
    method: ['GET', 'HEAD'],
    url: '/s/:id',
    // A redirect has no page to protect; the security headers would only slow every click.
    helmet: false,
    handler: async (request, reply) => {
      const link = await links.resolve(request.params.id);
      if (!link) return reply.sendAppPage(404);
      if (request.method === 'GET') {
        try {
          await clicks.recordClick(link, visitOf(request));
        } catch (error) {
          // A lost click is better than a link that stops working: a link this instance knows
          // still redirects while the database is away (the outage is logged once, not per click).
          if (!noteDatabaseOutage(databaseOutage, error))
            request.log.error({ err: error }, 'recording a click failed');
        }
      }
      return reply.header('cache-control', 'no-store').redirect(link.location, 302);
    },
  });

  app.get<AnalyticsRequest>('/s/:id/analytics', async (request, reply) => {
    const user = requireUser(request);
    const { id } = request.params;
    // Click details are personal data (IP addresses); no cache along the way should keep them.
    reply.header('cache-control', 'no-store');
    if (request.query.format !== 'csv') {
      return clicks.analytics(user, id, linkContextOf(request, publicUrl).apiBase);
    }
    const lines = await clicks.exportCsv(user, id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${clicksCsvFileName(id)}"`)
      .send(Readable.from(lines));
  });
}
