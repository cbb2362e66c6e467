import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { freshPostgresUrl, storageBackends, TEST_DATABASE_URL } from '../../../test/app.js';
import { databaseStore, removeExpiredCounters, type ReadableRateLimitStore } from './database-store.js';

interface Count {
  current: number;
  ttl: number;
}

const WINDOW_MS = 60_000;

/** Calls a store method as the plugin does, with a one-minute window. */
function call(method: ReadableRateLimitStore['incr'], key: string): Promise<Count> {
  return new Promise((resolve, reject) =>
    method(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      WINDOW_MS,
      10,
    ),
  );
}

describe.each(storageBackends)('the database rate-limit store on $name', ({ postgres }) => {
  let first: Database;
  let second: Database;
  let now = 1_000_000;
  const clock = () => now;

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    const options = { databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-limits-')) };
    // Two handles on one store, as two instances have.
    first = await openDatabase(options);
    second = await openDatabase(options);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  function storeOn(database: Database): ReadableRateLimitStore {
    const Store = databaseStore(database.db, clock);
    return new Store({});
  }

  it('counts hits in a fixed window, reads without counting, and starts again after the window', async () => {
    const store = storeOn(first);
    const incr = store.incr.bind(store);
    const read = store.read.bind(store);
    expect(await call(read, 'a')).toEqual({ current: 0, ttl: 0 });
    expect(await call(incr, 'a')).toEqual({ current: 1, ttl: WINDOW_MS });
    now += 10_000;
    expect(await call(incr, 'a')).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    expect(await call(read, 'a')).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    expect(await call(read, 'a')).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    now += WINDOW_MS;
    expect(await call(read, 'a')).toEqual({ current: 0, ttl: 0 });
    expect(await call(incr, 'a')).toEqual({ current: 1, ttl: WINDOW_MS });
  });

  it('counts every hit of several instances at once, each once', async () => {
    const [one, other] = [storeOn(first), storeOn(second)];
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const store = index % 2 ? one : other;
        return call(store.incr.bind(store), 'shared');
      }),
    );
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('keeps the counters of different routes apart', async () => {
    const root = storeOn(first);
    // What the plugin hands a route's store: the route's settings with its method and URL.
    const routeA = root.child({ routeInfo: { method: 'POST', url: '/a' } });
    const routeB = root.child({ routeInfo: { method: 'POST', url: '/b' } });
    await call(routeA.incr.bind(routeA), '192.0.2.1');
    expect(await call(routeB.incr.bind(routeB), '192.0.2.1')).toMatchObject({ current: 1 });
  });

  it('removes the counters whose window has ended, and only those', async () => {
    const store = storeOn(first);
    const incr = store.incr.bind(store);
    await call(incr, 'old');
    now += WINDOW_MS / 2;
    await call(incr, 'young');
    now += WINDOW_MS / 2;
    await removeExpiredCounters(first.db, now);
    const keys = await first.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.map((row) => row.key)).toContain('young');
    expect(keys.map((row) => row.key)).not.toContain('old');
    expect(await call(store.read.bind(store), 'young')).toMatchObject({ current: 1 });
  });
});
