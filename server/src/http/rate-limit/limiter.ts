/**
 * The one limiter every limit goes through: @fastify/rate-limit without a global limit, counting
 * in the database (database-store.ts), so that a limit holds across instances. A route defines
 * its limit (whom it counts, how many per window, what the refusal says) and calls it where the
 * thing limited happens, so that only what should count is counted; a refusal is a
 * TooManyRequestsError, which the error handler answers as 429 JSON with Retry-After.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { TooManyRequestsError } from '../errors.js';
import { databaseStore, removeExpiredCounters } from './database-store.js';

export interface LimitDefinition {
  /** Unique among the app's limits: it names the limit's counters in the database. */
  name: string;
  /** Hits allowed per window and subject. */
  max: number;
  windowMs: number;
  /** Whom the request counts for (a session id, an address, …); null: the limit does not apply. */
  subjectOf(request: FastifyRequest): string | null;
  /** What the 429 says. */
  message: string;
}

export interface Limit {
  /** TooManyRequestsError when the request's subject has used up the current window; counts nothing. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts the request; TooManyRequestsError when that goes past the limit. */
  hit(request: FastifyRequest): Promise<void>;
}

export interface Limiter {
  define(definition: LimitDefinition): Limit;
}

/** How often each instance deletes the counters whose window has ended. */
const CLEANUP_INTERVAL_MS = 60_000;

/**
 * Counts the request in each limit, after checking them all first: a request that one limit
 * refuses then costs nothing in the others (two requests racing for the last slot may still
 * both be counted in the limits before the one that refuses).
 */
export async function hitAll(request: FastifyRequest, limits: readonly Limit[]): Promise<void> {
  for (const limit of limits) await limit.check(request);
  for (const limit of limits) await limit.hit(request);
}

/** What counts a limit's refusals (metrics): one count per limit, taken when it is defined. */
export type RefusalCounts = (limitName: string) => { inc(): void };

function defineLimit(app: FastifyInstance, definition: LimitDefinition, refusals?: RefusalCounts): Limit {
  const { name, subjectOf, message } = definition;
  const refused = refusals?.(name);
  const counter = app.createRateLimit({
    max: definition.max,
    timeWindow: definition.windowMs,
    keyGenerator: (request) => `${name}:${subjectOf(request) ?? ''}`,
  });

  async function count(request: FastifyRequest, increment: boolean) {
    if (subjectOf(request) === null) return null;
    const result = await counter(request, { increment });
    // Only an allow list answers isAllowed, and these limits have none.
    return result.isAllowed ? null : result;
  }

  return {
    async check(request) {
      const result = await count(request, false);
      if (!result || result.remaining !== 0) return;
      refused?.inc();
      throw new TooManyRequestsError(message, result.ttl);
    },
    async hit(request) {
      const result = await count(request, true);
      if (!result?.isExceeded) return;
      refused?.inc();
      throw new TooManyRequestsError(message, result.ttl);
    },
  };
}

/**
 * Registers @fastify/rate-limit on `app` with the database store, and removes expired counters
 * every minute until the app closes. Call before the routes that define limits.
 */
export async function registerLimiter(
  app: FastifyInstance,
  options: {
    db: Kysely<DatabaseSchema>;
    reportError: (error: unknown, message: string) => void;
    refusals?: RefusalCounts;
  },
): Promise<Limiter> {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(options.db) });
  const cleanup = setInterval(() => {
    removeExpiredCounters(options.db).catch((error: unknown) =>
      options.reportError(error, 'removing expired rate-limit counters failed'),
    );
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('preClose', async () => clearInterval(cleanup));
  return { define: (definition) => defineLimit(app, definition, options.refusals) };
}
