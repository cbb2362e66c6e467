/**
 * /livez and /readyz against real failures: the embedded database's connection closed, PostgreSQL
 * cut off behind a TCP relay, and a private redis-server stopped by its pid.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  TEST_DATABASE_URL,
  buildTestApp,
  freshPostgresUrl,
  storageBackends,
  testConfig,
} from '../../test/app.js';
import { freePort, startRedis, waitFor, type RedisProcess } from '../../test/processes.js';
import { startRelay, viaRelay } from '../../test/relay.js';
import { sqliteHandleOf } from '../db/connection.js';

const READY = { ok: true };
const DATABASE_DOWN = { ok: false, error: 'The database did not answer.' };
const REDIS_DOWN = { ok: false, error: 'Redis did not answer.' };

async function probe(app: FastifyInstance, url: '/livez' | '/readyz') {
  const response = await app.inject({ method: 'GET', url });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return { status: response.statusCode, body: response.json<unknown>() };
}

describe.each(storageBackends)('/livez and /readyz on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('both answer 200 {"ok":true} while the database answers, without a session', async () => {
    expect(await probe(app, '/livez')).toEqual({ status: 200, body: READY });
    expect(await probe(app, '/readyz')).toEqual({ status: 200, body: READY });
  });
});

describe('/readyz with the database gone', () => {
  it('SQLite: answers 503 once the connection is closed, while /livez still answers 200', async () => {
    const app = await buildTestApp();
    try {
      expect((await probe(app, '/readyz')).status).toBe(200);
      sqliteHandleOf(app.database.db)?.close();
      expect(await probe(app, '/readyz')).toEqual({ status: 503, body: DATABASE_DOWN });
      expect(await probe(app, '/livez')).toEqual({ status: 200, body: READY });
    } finally {
      await app.close();
    }
  });

  it.runIf(TEST_DATABASE_URL)('PostgreSQL: answers 503 once the server cannot be reached', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const direct = new URL(await freshPostgresUrl(TEST_DATABASE_URL));
    const relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const app = await buildApp(testConfig({ databaseUrl: viaRelay(direct.toString(), relay) }));
    try {
      await app.ready();
      expect((await probe(app, '/readyz')).status).toBe(200);
      relay.cut();
      expect(await probe(app, '/readyz')).toEqual({ status: 503, body: DATABASE_DOWN });
      expect(await probe(app, '/livez')).toEqual({ status: 200, body: READY });
    } finally {
      relay.cut();
      await app.close();
    }
  });
});

describe('/readyz with REDIS_URL', { timeout: 60_000 }, () => {
  let redis: RedisProcess;
  let port: number;
  let app: FastifyInstance;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    app = await buildTestApp({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await app.close();
    await redis.stop();
  });

  it('answers 503 while Redis is down and 200 again once it is back; /livez stays 200', async () => {
    expect(await probe(app, '/readyz')).toEqual({ status: 200, body: READY });
    await redis.stop();
    await waitFor('/readyz to notice', async () => (await probe(app, '/readyz')).status === 503);
    expect(await probe(app, '/readyz')).toEqual({ status: 503, body: REDIS_DOWN });
    expect(await probe(app, '/livez')).toEqual({ status: 200, body: READY });

    redis = await startRedis(port);
    await waitFor('/readyz to recover', async () => (await probe(app, '/readyz')).status === 200);
  });
});
