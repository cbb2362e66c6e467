import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase, type Database } from '../../db/connection.js';
import { freshPostgresUrl, storageBackends, testConfig, TEST_DATABASE_URL } from '../../../test/app.js';
import { createSessionsRepo } from './sessions.repo.js';
import { createSessionsService, TOO_MANY_SESSIONS_MESSAGE } from './sessions.service.js';

const LIMIT = 3;

describe.each(storageBackends)('the limit on new sessions on $name', ({ postgres }) => {
  let config: Config;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    config = testConfig({ databaseUrl, sessionsPerMinute: LIMIT });
    // Two instances on one store: the limit counts stored rows, so it holds across them.
    first = await buildApp(config);
    second = await buildApp(config);
    database = await openDatabase(config);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), database.close()]);
  });

  function start(app: FastifyInstance, remoteAddress: string, payload: object = {}) {
    return app.inject({ method: 'POST', url: '/api/user', payload, remoteAddress });
  }

  async function storedIps(): Promise<(string | null)[]> {
    const rows = await database.db.selectFrom('sessions').select('ip').orderBy('created_at').execute();
    return rows.map((row) => row.ip);
  }

  it('refuses the 4th new session from one address within a minute across instances, with Retry-After', async () => {
    const ip = '203.0.113.10';
    const users: SessionUser[] = [];
    for (const app of [first, second, first]) {
      const response = await start(app, ip);
      expect(response.statusCode).toBe(200);
      users.push(response.json<SessionUser>());
    }

    for (const app of [first, second]) {
      const refused = await start(app, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toEqual({ error: TOO_MANY_SESSIONS_MESSAGE });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // Resuming a session is never limited, from that address or any.
    for (const user of users) {
      const resumed = await start(second, ip, { sessionId: user.sessionId });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json<SessionUser>()).toEqual(user);
    }
    // Another address has its own budget.
    expect((await start(second, '203.0.113.11')).statusCode).toBe(200);
  });

  it('frees a slot once the oldest counted session is a minute old, and forgets addresses by then', async () => {
    const ip = '203.0.113.20';
    for (let index = 0; index < LIMIT; index += 1) expect((await start(first, ip)).statusCode).toBe(200);
    expect((await start(first, ip)).statusCode).toBe(429);

    const aMinuteLater = createSessionsService(createSessionsRepo(database.db), {
      sessionsPerMinute: LIMIT,
      now: () => Date.now() + 60_001,
    });
    const later = await aMinuteLater.startSession(null, null, ip);
    expect(later.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // Only the session created "a minute later" still keeps its address.
    expect((await storedIps()).filter((stored) => stored !== null)).toEqual([ip]);
  });
});
