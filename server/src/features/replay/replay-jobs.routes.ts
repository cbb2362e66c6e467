/**
 * Bulk replay over the API: start a job for a search or a selection, follow it, cancel it. The job
 * runs on the instance that started it; its row answers on every instance.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPLAY_JOB_STATUSES, REPLAY_JOBS_PATH, replayJobFields } from '../../../../shared/replay-jobs.js';
import type { PublicOrigin } from '../../config.js';
import { ForbiddenError, InvalidInputError } from '../../http/errors.js';
import { requireUser } from '../../http/identity.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { error, invalid, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { Publisher } from '../../realtime/publisher.js';
import { searchQuerySchema } from '../webhooks/event-search.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { Resolver } from './address-guard.js';
import { createReplayJobsRepo } from './replay-jobs.repo.js';
import { createReplayJobsService } from './replay-jobs.service.js';
import type { Database } from '../../db/connection.js';
import { defineReplayLimits, ownOrigins, replayServiceOf, REPLAY_OFF_MESSAGE } from './replay.routes.js';

const TAGS = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;

const resultSchema = z.object({
  eventId: z.number().int(),
  status: z.number().int().nullable().describe('The target’s status; null when there was no answer.'),
  durationMs: z.number(),
  error: z.string().nullable().describe('Why there was no answer (unreachable, refused address, timeout).'),
});

const jobSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    perMinute: z.number().int(),
    status: z.enum(REPLAY_JOB_STATUSES),
    total: z.number().int(),
    done: z.number().int(),
    succeeded: z.number().int().describe('Results whose target answered 2xx.'),
    failed: z.number().int(),
    results: z.array(resultSchema).describe('One per request sent, in capture order.'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .describe('The bulk replay.');

const jobIdParams = z.object({ id: z.string().max(64) });

export async function replayJobsRoutes(
  instance: FastifyInstance,
  options: {
    db: Database['db'];
    webhooks: Pick<WebhooksService, 'matchingRows' | 'stored'>;
    publisher: Publisher;
    publicOrigin: PublicOrigin | null;
    allowPrivate: boolean;
    /** REPLAY_PER_MINUTE: a job's pace may not pass it; 0 switches bulk replay off too. */
    perMinute: number;
    limiter: Limiter;
    resolve?: Resolver;
    timeoutMs?: number;
  },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const jobs = createReplayJobsService({
    repo: createReplayJobsRepo(options.db),
    webhooks: options.webhooks,
    replay: replayServiceOf(app, options),
    publisher: options.publisher,
  });
  app.addHook('preClose', () => jobs.close());
  const limits = defineReplayLimits(options.limiter, options.perMinute);

  app.post(
    REPLAY_JOBS_PATH,
    {
      config: SESSION,
      schema: {
        ...TAGS,
        summary: 'Replay every request a search (or a selection) returns, from the server',
        description:
          'One job per inspector at a time. Requests go out oldest first, each through the same address ' +
          'guard as a single replay, at most `perMinute` a minute (default and maximum: REPLAY_PER_MINUTE). ' +
          '`ids` names the requests; without it the search filters of GET /api/events choose them (none: ' +
          'all). At most 1000 requests a job. Progress comes live as `replay-progress` events. Starting a ' +
          'job counts as one replay against the limit.',
        body: searchQuerySchema(z.object(replayJobFields)),
        response: {
          201: jobSchema,
          ...invalid,
          ...unauthorised,
          403: error('Server-side replay is switched off.'),
          ...notFound,
          409: error('A bulk replay is already running for this inspector.'),
          429: error('Too many replays in the last minute; see Retry-After.'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (options.perMinute === 0) throw new ForbiddenError(REPLAY_OFF_MESSAGE);
      const { url, perMinute, ids, filter } = request.body;
      if (perMinute !== undefined && perMinute > options.perMinute) {
        throw new InvalidInputError(
          `perMinute: at most ${options.perMinute}, the replay limit of this instance`,
        );
      }
      await hitAll(request, limits);
      const job = await jobs.start(user, {
        target: new URL(url),
        ownOrigins: ownOrigins(request, options.publicOrigin),
        perMinute: perMinute ?? options.perMinute,
        ...(ids ? { ids } : {}),
        filter,
      });
      return reply.status(201).send(job);
    },
  );

  app.get(
    REPLAY_JOBS_PATH,
    {
      config: SESSION,
      schema: {
        ...TAGS,
        summary: 'The inspector’s recent bulk replays, newest first',
        response: { 200: z.array(jobSchema).describe('Up to 20 jobs.'), ...unauthorised },
      },
    },
    async (request) => jobs.list(requireUser(request)),
  );

  app.get(
    `${REPLAY_JOBS_PATH}/:id`,
    {
      config: SESSION,
      schema: {
        ...TAGS,
        summary: 'One bulk replay with its results',
        params: jobIdParams,
        response: { 200: jobSchema, ...unauthorised, ...notFound },
      },
    },
    async (request) => jobs.get(requireUser(request), request.params.id),
  );

  app.delete(
    `${REPLAY_JOBS_PATH}/:id`,
    {
      config: SESSION,
      schema: {
        ...TAGS,
        summary: 'Cancel a running bulk replay before its next request',
        params: jobIdParams,
        response: { 200: jobSchema, ...unauthorised, ...notFound },
      },
    },
    async (request) => jobs.cancel(requireUser(request), request.params.id),
  );
}
