import Fastify from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, freshPostgresUrl } from '../../test/app.js';
import { freePort, waitFor } from '../../test/processes.js';
import { openDatabase } from '../db/connection.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable.js';
import { createOutageLog, type OutageLog } from '../outage-log.js';
import { registerErrorHandler } from './errors.js';

const DOWN = 'database down';
const UP = 'database back';

interface LogLine {
  msg: string;
}

/** An app whose logger writes into `lines`, with the real error handler and one route that runs `query`. */
function appRunning(query: () => Promise<unknown>) {
  const lines: LogLine[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
  });
  const databaseOutage = createOutageLog(app.log, { down: DOWN, up: UP });
  registerErrorHandler(app, { databaseOutage });
  app.get('/needs-db', async () => query());
  const count = (msg: string) => lines.filter((line) => line.msg === msg).length;
  return { app, lines, count, databaseOutage };
}

describe('error handler and an unreachable database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('answers 503 with a JSON error to every request while PostgreSQL cannot be reached, and logs it once', async () => {
    // A real node-postgres connection error: nothing listens on this port.
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    const { app, count } = appRunning(() => sql`select 1`.execute(db));
    cleanups.push(
      () => app.close(),
      () => db.destroy(),
    );

    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await app.inject({ method: 'GET', url: '/needs-db' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
      expect(response.body).toContain('temporarily unavailable');
    }
    expect(count(DOWN)).toBe(1);
    expect(count('request failed')).toBe(0);
  });

  it('still answers 500 and logs every other failure with its request', async () => {
    const { app, count } = appRunning(() => Promise.reject(new Error('a bug')));
    cleanups.push(() => app.close());
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await app.inject({ method: 'GET', url: '/needs-db' });
      expect(response.statusCode).toBe(500);
      expect(response.json<{ error: string }>().error).not.toContain('a bug');
    }
    expect(count('request failed')).toBe(2);
    expect(count(DOWN)).toBe(0);
  });

  describe.runIf(TEST_DATABASE_URL)('on a real PostgreSQL server', () => {
    async function openWithOutage(outage: OutageLog) {
      if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
      const url = new URL(await freshPostgresUrl(TEST_DATABASE_URL));
      // A name of its own, so that only this test's connections are cut below.
      const applicationName = `hookbay-outage-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      url.searchParams.set('application_name', applicationName);
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' }, outage);
      return { database, applicationName };
    }

    it('a query error is a 500, not an outage', async () => {
      const lines: LogLine[] = [];
      const logger = Fastify({
        logger: { stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
      });
      const { database } = await openWithOutage(createOutageLog(logger.log, { down: DOWN, up: UP }));
      const { app, count } = appRunning(() => sql`select * from no_such_table`.execute(database.db));
      cleanups.push(
        () => app.close(),
        () => database.close(),
        () => logger.close(),
      );
      expect((await app.inject({ method: 'GET', url: '/needs-db' })).statusCode).toBe(500);
      expect(count(DOWN)).toBe(0);
    });

    it('survives its connections being cut by the server, logs that once, and logs the recovery once', async () => {
      const { app, count, databaseOutage } = appRunning(() => Promise.resolve(null));
      const { database, applicationName } = await openWithOutage(databaseOutage);
      cleanups.push(
        () => app.close(),
        () => database.close(),
      );
      // Two idle connections in the pool.
      await Promise.all([
        sql`select pg_sleep(0.05)`.execute(database.db),
        sql`select 1`.execute(database.db),
      ]);

      // What a restart or failover does to every session: 57P01 "terminating connection due to administrator command".
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL ?? '' });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [applicationName],
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await waitFor('the outage in the log', () => count(DOWN) === 1);

      // A query soon gets a new connection: the database is back. (The second idle connection's cut
      // may not have reached the pool yet, so one query may still meet it and fail; waitFor retries.)
      const rows = await waitFor('a query on a new connection', async () => {
        return (await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows;
      });
      expect(rows).toEqual([{ one: 1 }]);
      expect(count(DOWN)).toBe(1);
      expect(count(UP)).toBe(1);
      expect(databaseOutage.isDown()).toBe(false);
    });
  });
});
