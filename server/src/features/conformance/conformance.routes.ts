/**
 * Conformance runs ("Test my sender"): arm a run for a path of the webhook URL, list runs, read a
 * run's report, disarm it. Every route needs the session and sees only its own runs.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { armRunSchema, reportSchema, runSchema } from '../../../../shared/conformance.js';
import { requireUser } from '../../http/identity.js';
import { error, invalid, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { ConformanceService } from './conformance.service.js';

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;
const runIdSchema = z.object({ id: z.coerce.number().int().positive() });
const REPORT_DESCRIPTION =
  'The checks (signature, timestamp, delivery id, retries, backoff, behaviour after a timeout, content type, ' +
  'size), each `pass`, `warn` or `fail` with a one-line explanation and the ids of the events that show it. ' +
  'Deliveries are grouped into messages by their delivery id.';

export async function conformanceRoutes(
  instance: FastifyInstance,
  options: { conformance: ConformanceService },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { conformance } = options;

  app.post(
    '/api/conformance/runs',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Arm a sender test (conformance run)',
        description:
          'While armed (`minutes`, default 10), the first `failFirst` deliveries (default 2) of each message ' +
          'to a sub-path matching `path` are answered with `failWith` (default `{"status": 500}`), later ones ' +
          'with the usual answer; the run then grades what the sender did.',
        body: armRunSchema,
        response: {
          201: runSchema.describe('The armed run.'),
          ...invalid,
          ...unauthorised,
          409: error('Too many runs are armed at once.'),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await conformance.arm(requireUser(request), request.body)),
  );

  app.get(
    '/api/conformance/runs',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'The sender tests of the webhook URL',
        response: {
          200: z.object({ runs: z.array(runSchema) }).describe('Newest first.'),
          ...unauthorised,
        },
      },
    },
    async (request) => ({ runs: await conformance.list(requireUser(request)) }),
  );

  app.get(
    '/api/conformance/runs/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: "A sender test's report",
        description: REPORT_DESCRIPTION,
        params: runIdSchema,
        response: { 200: reportSchema.describe('The report as of now.'), ...unauthorised, ...notFound },
      },
    },
    async (request) => conformance.report(requireUser(request), request.params.id),
  );

  app.delete(
    '/api/conformance/runs/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Disarm a sender test',
        description: `Ends the run now and answers its final report. ${REPORT_DESCRIPTION}`,
        params: runIdSchema,
        response: { 200: reportSchema.describe('The final report.'), ...unauthorised, ...notFound },
      },
    },
    async (request) => conformance.disarm(requireUser(request), request.params.id),
  );
}
