/**
 * PostgreSQL dropping a connection while a query runs on it (a restart, a failover, a network
 * cut). The pool only hears the errors of idle connections; the server must hear the others too.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { TEST_DATABASE_URL, freshPostgresUrl, testConfig } from '../../test/app.js';
import { startRelay, viaRelay } from '../../test/relay.js';

describe.runIf(TEST_DATABASE_URL)('PostgreSQL resetting a connection during a query', () => {
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);
  afterEach(() => {
    process.off('uncaughtException', recordUncaught);
  });

  it('fails that query only: the server keeps running and says the database is not ready', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const direct = new URL(await freshPostgresUrl(TEST_DATABASE_URL));
    const relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    let app: FastifyInstance | null = null;
    try {
      app = await buildApp(testConfig({ databaseUrl: viaRelay(direct.toString(), relay) }));
      await app.ready();
      process.on('uncaughtException', recordUncaught);

      const sent = relay.untilClientSends('pg_sleep');
      const query = sql`select pg_sleep(5)`.execute(app.database.db).then(
        () => 'answered',
        () => 'failed',
      );
      await sent;
      relay.cut();
      expect(await query).toBe('failed');

      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect(uncaught).toEqual([]);
    } finally {
      relay.cut();
      await app?.close();
    }
  });
});
