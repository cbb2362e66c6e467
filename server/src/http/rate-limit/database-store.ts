/**
 * The @fastify/rate-limit store that keeps its counters in the database (table rate_limits), so
 * that every instance sharing the database counts into the same counters. A counter is a fixed
 * window, as in the plugin's own stores: its first hit starts the window, hits past the limit do
 * not extend it, and the first hit after it ends starts a new one.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

/** What the plugin expects back from a store: hits in the current window and the ms left of it. */
interface Count {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: Count) => void;

/**
 * The plugin's store contract as the plugin uses it: with the `read` that `{ increment: false }`
 * needs, and `child` taking the merged settings (its types say route options).
 */
export interface ReadableRateLimitStore extends FastifyRateLimitStore {
  read: FastifyRateLimitStore['incr'];
  child(options: unknown): ReadableRateLimitStore;
}

function report(promise: Promise<Count>, callback: Callback): void {
  promise.then(
    (result) => callback(null, result),
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
  );
}

/** The route a store serves when the plugin's own route hook uses it; createRateLimit passes none. */
function routePrefixOf(options: unknown): string {
  if (typeof options !== 'object' || options === null || !('routeInfo' in options)) return '';
  const route = options.routeInfo;
  if (typeof route !== 'object' || route === null) return '';
  const method = 'method' in route && typeof route.method === 'string' ? route.method : '';
  const url = 'url' in route && typeof route.url === 'string' ? route.url : '';
  return method || url ? `${method}${url}-` : '';
}

/**
 * Counts one hit in one atomic statement on SQLite and PostgreSQL alike: a new key starts at 1,
 * a key whose window has ended starts again at 1, any other adds 1. Under PostgreSQL the upsert
 * locks the row, so hits from several instances at once are all counted, each once.
 */
async function increment(db: Kysely<DatabaseSchema>, key: string, windowMs: number, now: number) {
  const isOver = sql<boolean>`${sql.ref('rate_limits.resets_at')} <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, resets_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${isOver} then 1 else ${sql.ref('rate_limits.hits')} + 1 end`,
        resets_at: sql<number>`case when ${isOver} then ${now + windowMs} else ${sql.ref('rate_limits.resets_at')} end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Number(row.resets_at) - now };
}

async function peek(db: Kysely<DatabaseSchema>, key: string, now: number): Promise<Count> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'resets_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  const resetsAt = row ? Number(row.resets_at) : 0;
  return resetsAt > now && row ? { current: Number(row.hits), ttl: resetsAt - now } : { current: 0, ttl: 0 };
}

/** Deletes the counters whose window has ended; answers how many. */
export async function removeExpiredCounters(db: Kysely<DatabaseSchema>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('resets_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The store class to hand to @fastify/rate-limit (it constructs the store itself, so the database
 * comes in through this closure). `now` is the clock, for tests.
 */
export function databaseStore(
  db: Kysely<DatabaseSchema>,
  now: () => number = () => Date.now(),
): new (pluginSettings: unknown) => ReadableRateLimitStore {
  // The plugin constructs the root store with its settings, which this store has no use for.
  class DatabaseStore implements ReadableRateLimitStore {
    private prefix = '';

    incr(key: string, callback: Callback, timeWindow: number): void {
      report(increment(db, this.prefix + key, timeWindow, now()), callback);
    }

    /** The count without counting: what `{ increment: false }` asks for. */
    read(key: string, callback: Callback): void {
      report(peek(db, this.prefix + key, now()), callback);
    }

    /**
     * A store for one route or one createRateLimit. Keys of a route's own hook are kept apart by
     * the route, as the plugin's Redis store does; createRateLimit's keys name their limit.
     */
    child(options: unknown): ReadableRateLimitStore {
      const store = new DatabaseStore();
      store.prefix = this.prefix + routePrefixOf(options);
      return store;
    }
  }
  return DatabaseStore;
}
