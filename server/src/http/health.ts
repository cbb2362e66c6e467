import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okSchema } from './openapi/responses.js';

/** What /readyz asks: each check resolves when its service answered and rejects when it did not. */
export interface ReadinessChecks {
  database: () => Promise<unknown>;
  /** Null without REDIS_URL. */
  redis: (() => Promise<unknown>) | null;
}

/** A check that has not answered by then counts as not answering: a load balancer is waiting. */
const READINESS_TIMEOUT_MS = 2000;

/** Resolves true when `check` answers in time, false when it fails or is too slow. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  const answered = check().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `storageProblem` says why the database cannot be written, or null. Only the embedded database's
 * own disk is reported: a shared PostgreSQL outage affects every instance alike (docs/scaling.md,
 * "When Redis or PostgreSQL goes away").
 * /livez and /readyz are for orchestrators: alive while the process serves; ready while the
 * database (and Redis, when configured) answers a query. Why a check failed goes no further than
 * its name: these answers are public.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { storageProblem: () => Promise<string | null>; readiness: ReadinessChecks },
) {
  const SERVICE = { tags: ['Service'] };
  const notReady = z.object({ ok: z.literal(false), error: z.string() });

  app.get(
    '/healthz',
    {
      schema: {
        ...SERVICE,
        summary: 'Health check',
        response: {
          200: okSchema.describe('The server can serve.'),
          503: notReady.describe('The embedded database cannot be written; `error` says why.'),
        },
      },
    },
    async (_request, reply) => {
      const problem = await options.storageProblem();
      if (problem === null) return { ok: true };
      return reply.status(503).send({ ok: false, error: `The database cannot be written: ${problem}` });
    },
  );

  app.get(
    '/livez',
    {
      schema: {
        ...SERVICE,
        summary: 'Liveness check',
        description: 'Answers while the process serves, whatever the state of the database or Redis.',
        response: { 200: okSchema.describe('The process serves.') },
      },
    },
    async () => ({ ok: true }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        ...SERVICE,
        summary: 'Readiness check',
        description: 'Ready when the database answers a query, and Redis too when REDIS_URL is set.',
        response: {
          200: okSchema.describe('Ready to take traffic.'),
          503: notReady.describe('The database or Redis did not answer; `error` says which.'),
        },
      },
    },
    async (_request, reply) => {
      const { database, redis } = options.readiness;
      const [isDatabaseUp, isRedisUp] = await Promise.all([answers(database), redis ? answers(redis) : true]);
      const down = [isDatabaseUp ? null : 'The database', isRedisUp ? null : 'Redis'].filter(Boolean);
      if (down.length === 0) return { ok: true };
      return reply.status(503).send({ ok: false, error: `${down.join(' and ')} did not answer.` });
    },
  );
}
