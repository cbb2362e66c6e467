import type { FastifyInstance } from 'fastify';
import { templateProblem } from '../../../../shared/response-templates.js';
import { responseRulesSchema } from '../../../../shared/responses.js';
import { InvalidInputError } from '../../http/errors.js';
import { requireUser } from '../../http/identity.js';
import { invalid, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { ResponsesService } from './responses.service.js';

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;

export async function responsesRoutes(instance: FastifyInstance, options: { responses: ResponsesService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { responses } = options;

  app.get(
    '/api/responses',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'The scripted responses of the webhook URL',
        response: { 200: responseRulesSchema.describe('The rules, first match first.'), ...unauthorised },
      },
    },
    async (request) => ({ rules: await responses.list(requireUser(request)) }),
  );

  app.put(
    '/api/responses',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Replace the scripted responses',
        description:
          'The first rule whose method and path glob match a capture decides its answer; the n-th matching ' +
          'capture since the save gets responses[n], then the last again (`repeat-last`) or from the start ' +
          '(`cycle`). Saving starts every sequence again. `conditions` (all must hold) test a header ' +
          '(`header.NAME`), a query parameter (`query.NAME`) or a JSON body field (`body.a.b[0]`) with ' +
          '`exists`, `equals`, `matches` (a regular expression of at most 200 characters) or, on body ' +
          'fields, `contains`. With `allowPick: true` the sender may pick the status with the header ' +
          '`X-Hookbay-Status` or the query parameter `hookbay_status` (100-599), and the response with ' +
          '`X-Hookbay-Response` / `hookbay_response` (from 1). A response with `stream` sends Server-Sent ' +
          'Events (`{"kind": "sse", "events": [{"data", "event"?, "id"?, "delayMs"}]}`) or a body in ' +
          'chunks (`{"kind": "chunks", "chunks": [{"body", "delayMs"}]}`), at most 60 s of pauses and ' +
          '64 KiB of text in all. A rule with `callback` (`{"url", "method"?, "headers"?, "body"?, "delayMs"?, ' +
          '"secret"?}`) sends that request, made from templates over the capture, once the answer went out and ' +
          '`delayMs` (at most 60000) passed; signed the Standard Webhooks way with `secret` (whsec_…), vetted ' +
          'like server-side replay and counted in the per-session replay limit. Its result is the event’s ' +
          '`callback` (`pending`, `sent` or `failed`), pushed as `webhook-callback`.',
        body: responseRulesSchema,
        response: {
          200: responseRulesSchema.describe('The stored rules, with defaults filled in.'),
          ...invalid,
          ...unauthorised,
        },
      },
    },
    async (request) => {
      const { rules } = request.body;
      const problem = templateProblem(rules);
      if (problem) throw new InvalidInputError(problem);
      return { rules: await responses.save(requireUser(request), rules) };
    },
  );
}
