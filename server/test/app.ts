/**
 * Test app builder: a fresh app on its own temporary SQLite database (or, with
 * `{ postgres: true }`, on a fresh schema of TEST_DATABASE_URL), called in-process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? null;

/** Names this test run's schemas, so the run can drop them at its end (server/test/global-setup.ts). */
export const TEST_RUN_TAG = process.env.HOOKBAY_TEST_RUN ?? 'loose';

/** A PostgreSQL URL whose connections use a new empty schema, so test files never see each other's rows. */
export async function freshPostgresUrl(baseUrl: string): Promise<string> {
  const schema = `test_${TEST_RUN_TAG}_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-test-')),
    webDir: null,
    // Tests create links in bursts; the tests of the create limit set their own.
    linkCreatePerMinute: 100_000,
    linkCreatePerDay: 100_000,
    // Test files start many sessions from one address; the limit's own tests set it low.
    sessionsPerMinute: 1_000_000,
    // Replay tests replay many times a minute from one session; the limit's own tests set it low.
    replayPerMinute: 1_000_000,
    ...overrides,
  };
}

export interface TestAppOptions extends Partial<Config> {
  postgres?: boolean;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { postgres, ...overrides } = options;
  if (postgres && !TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
  const app = await buildApp(testConfig({ databaseUrl, ...overrides }));
  await app.ready();
  return app;
}

/**
 * Two apps on one fresh PostgreSQL schema and one Redis, as two instances behind a load balancer;
 * built one after the other, so that only the first migrates the new schema.
 */
export async function buildTwoInstances(
  overrides: Partial<Config> = {},
): Promise<[FastifyInstance, FastifyInstance]> {
  if (!TEST_DATABASE_URL || !TEST_REDIS_URL)
    throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are needed');
  const config = testConfig({
    databaseUrl: await freshPostgresUrl(TEST_DATABASE_URL),
    redisUrl: TEST_REDIS_URL,
    ...overrides,
  });
  const a = await buildApp(config);
  await a.ready();
  const b = await buildApp(config);
  await b.ready();
  return [a, b];
}

/** The storage back ends a storage suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const storageBackends: { name: string; postgres: boolean }[] = [
  { name: 'SQLite', postgres: false },
  ...(TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];
