import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase, type Database } from '../../db/connection.js';
import { removeExpiredCounters } from '../../http/rate-limit/database-store.js';
import { freshPostgresUrl, storageBackends, testConfig, TEST_DATABASE_URL } from '../../../test/app.js';
import { TOO_MANY_SESSIONS_MESSAGE } from './sessions.routes.js';

const LIMIT = 3;

describe.each(storageBackends)('the limit on new sessions on $name', ({ postgres }) => {
  let config: Config;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    config = testConfig({ databaseUrl, sessionsPerMinute: LIMIT });
    // Two instances on one store: the limit counts in the database, so it holds across them.
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

  /** The keys of the limit counters stored for the address. */
  async function countersOf(ip: string): Promise<string[]> {
    const rows = await database.db.selectFrom('rate_limits').select('key').execute();
    return rows.map((row) => row.key).filter((key) => key.includes(ip));
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

  it('lets the address start sessions again once its minute has passed, and forgets the address later', async () => {
    const ip = '203.0.113.20';
    for (let index = 0; index < LIMIT; index += 1) expect((await start(first, ip)).statusCode).toBe(200);
    expect((await start(first, ip)).statusCode).toBe(429);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_001);
      const later = await start(second, ip);
      expect(later.statusCode).toBe(200);
      expect(later.json<SessionUser>().sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await countersOf(ip)).toHaveLength(1);

      // Once that minute has passed too, the clean-up that every instance runs removes the counter.
      vi.setSystemTime(Date.now() + 60_001);
      await removeExpiredCounters(database.db);
      expect(await countersOf(ip)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
