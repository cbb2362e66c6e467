/** Destination checks: `POST /api/urls/{id}/check` runs one now, `GET /api/link-checks` lists the latest. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LINK_CHECK_CONCURRENCY,
  LINK_CHECK_MAX_HOPS,
  LINK_CHECK_TIMEOUT_MS,
} from '../../../../shared/link-checks.js';
import { requireUser } from '../../http/identity.js';
import { notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { LinkChecksService } from './link-checks.service.js';

const SHORT_LINKS = { tags: ['Short links'] };

export const linkCheckSchema = z.object({
  linkId: z.string(),
  destination: z.string().describe('The destination checked.'),
  checkedAt: z.string().describe('ISO 8601.'),
  ok: z.boolean().describe('False: broken (a 4xx or 5xx answer, no answer, too many redirects, or refused).'),
  status: z.number().int().nullable().describe('The last answer’s status code; null when none came.'),
  error: z
    .string()
    .nullable()
    .describe('Why it is broken, e.g. "The destination answered 404."; null when fine.'),
  chain: z
    .array(z.object({ url: z.string(), status: z.number().int() }))
    .describe('Every answer in order, the redirects first.'),
  durationMs: z.number().int().describe('From the first request to the last answer.'),
});

export async function linkChecksRoutes(instance: FastifyInstance, options: { checks: LinkChecksService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { checks } = options;

  app.post(
    '/api/urls/:id/check',
    {
      config: { access: 'session' },
      schema: {
        ...SHORT_LINKS,
        summary: 'Check a short link’s destination now',
        description:
          `GET on the destination, following up to ${LINK_CHECK_MAX_HOPS} redirects, ${LINK_CHECK_TIMEOUT_MS / 1000} s ` +
          'in all. Each address is checked as server-side replay’s are: private, loopback and link-local ones are ' +
          `refused (a broken check saying so) unless REPLAY_ALLOW_PRIVATE=true. At most ${LINK_CHECK_CONCURRENCY} ` +
          'checks run at once on an instance; others wait. A link that turns broken sends `link.broken` to its click-webhook endpoints.',
        params: z.object({ id: z.string() }),
        response: {
          200: linkCheckSchema.describe('The check, also kept as the link’s latest.'),
          ...unauthorised,
          ...notFound,
        },
      },
    },
    async (request) => checks.check(requireUser(request), request.params.id),
  );

  app.get(
    '/api/link-checks',
    {
      config: { access: 'session' },
      schema: {
        ...SHORT_LINKS,
        summary: 'The latest destination check of each of the session’s links',
        description:
          'Only checks of a link’s current destination: an edited destination has not been checked yet.',
        response: {
          200: z.array(linkCheckSchema).describe('The checks, in no particular order.'),
          ...unauthorised,
        },
      },
    },
    async (request) => checks.list(requireUser(request)),
  );
}
