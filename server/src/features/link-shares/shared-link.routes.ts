/**
 * What a shared analytics link opens, for anyone holding it: `/shared/links/{token}` (the page) and
 * `/api/shared/links/{token}` (its numbers). Every call reads the share's row, so a revocation holds
 * on every instance from the moment it is answered.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANALYTICS_PERIODS } from '../../../../shared/links.js';
import type { PublicOrigin } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { error, invalid, json, media } from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { LinkSharesService } from './link-shares.service.js';

const SHORT_LINKS = { tags: ['Short links'] };
const tokenSchema = z.object({ token: z.string().min(1).max(200) });
const periodSchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: `period: one of ${ANALYTICS_PERIODS.join(', ')}` })
    .default('all'),
});
const ended = {
  404: error('No analytics link has this token, or its link or tag is gone.'),
  410: z
    .object({ error: z.string(), reason: z.enum(['revoked', 'expired']) })
    .describe('The analytics link was revoked or has expired.'),
};

export async function sharedLinkRoutes(
  instance: FastifyInstance,
  options: { linkShares: LinkSharesService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { linkShares } = options;

  app.get(
    '/shared/links/:token',
    {
      schema: {
        ...SHORT_LINKS,
        summary: 'The page of an analytics link',
        description: '200 while the link works, 410 once revoked or expired, 404 for an unknown token.',
        params: tokenSchema,
        response: {
          200: media('text/html', 'The page.'),
          404: media('text/html', 'No analytics link has this token: a page that says so.'),
          410: media('text/html', 'The link was revoked or has expired: a page that says so.'),
        },
      },
    },
    async (request, reply) => {
      try {
        await linkShares.open(request.params.token, '7d', publicOrigin(request, options.publicOrigin));
        return reply.sendAppPage(200);
      } catch (failure) {
        if (failure instanceof HttpError) return reply.sendAppPage(failure.statusCode);
        throw failure;
      }
    },
  );

  app.get(
    '/api/shared/links/:token',
    {
      schema: {
        ...SHORT_LINKS,
        summary: 'What an analytics link shows',
        description:
          '`{"kind": "link", "expiresAt", "period", "link": {shortUrl, url, state, createdAt, totalClicks, ' +
          'uniqueVisitors, botClicks, byDay, byCountry, byBrowser, byOs, byReferrer, byDevice}}` or ' +
          '`{"kind": "tag", "expiresAt", "period", "tag": {tag, links, totalClicks, uniqueVisitors, byDay}}`: ' +
          'counts only, never an IP address, a visitor hash or a single click.',
        params: tokenSchema,
        querystring: periodSchema,
        response: { 200: json('The shared numbers.'), ...invalid, ...ended },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return linkShares.open(
        request.params.token,
        request.query.period,
        publicOrigin(request, options.publicOrigin),
      );
    },
  );
}
