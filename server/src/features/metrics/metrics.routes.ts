/**
 * GET /metrics for Prometheus. Off unless METRICS_TOKEN is set: then it answers 404 as any unknown
 * route does, so a public instance shows no figures and does not even show that it could. With
 * the token set, a scrape must send `Authorization: Bearer <token>`, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { error, media } from '../../http/openapi/responses.js';
import type { Metrics } from './metrics.service.js';

const BEARER = /^Bearer\s+(.+)$/i;

/** Hashed first, so that tokens of any length compare in the same time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function bearerTokenOf(request: FastifyRequest): string | null {
  return BEARER.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? null;
}

export async function metricsRoutes(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | null },
) {
  const expected = options.token === null ? null : digest(options.token);

  const schema = {
    tags: ['Service'],
    summary: 'Prometheus metrics',
    description:
      'The text exposition format, with metric names starting `hookbay_`. Served only when the ' +
      'METRICS_TOKEN setting is set, to a request that sends it as a bearer token.',
    response: {
      200: media('text/plain', 'The metrics.'),
      401: error('No token, or a wrong one.'),
      404: error('Metrics are off (METRICS_TOKEN is not set).'),
    },
  };

  app.get('/metrics', { config: { access: 'operator' }, schema }, async (request, reply) => {
    if (!expected) {
      // The same answer as the not-found handler gives outside the web app's pages.
      return reply.status(404).send({ error: `No route for ${request.method} /metrics.` });
    }
    const token = bearerTokenOf(request);
    if (token === null || !timingSafeEqual(digest(token), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.' });
    }
    const { contentType, text } = await options.metrics.render();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
}
