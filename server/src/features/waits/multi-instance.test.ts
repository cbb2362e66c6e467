/**
 * Two instances on one PostgreSQL schema and one (private) Redis: a capture taken by instance B
 * wakes a wait held by instance A. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildApp } from '../../app.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { freePort, startRedis, waitFor, type RedisProcess } from '../../../test/processes.js';
import { listen } from '../../../test/socket.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('waiting across instances', () => {
  let redis: RedisProcess;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originA: string;
  let originB: string;

  beforeAll(async () => {
    // Checked above by runIf; repeated so the types know.
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is needed');
    // A private Redis, so instances of other test files never take part in the announcements.
    redis = await startRedis(await freePort());
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    // No repair reads during the test: the wait must be woken by B's poke.
    const config = { databaseUrl, redisUrl: redis.url, streamKeepAliveMs: 600_000 };
    a = await buildApp(testConfig(config));
    b = await buildApp(testConfig(config));
    originA = await listen(a);
    originB = await listen(b);
  }, 60_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.stop();
  }, 60_000);

  async function captureOn(origin: string, sessionId: string, path: string): Promise<number> {
    const response = await fetch(`${origin}/webhook/${sessionId}${path}`, { method: 'POST', body: path });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  it('a capture on B wakes a wait held by A, with matching and filtering as on one instance', async () => {
    const user = await createSession(a);
    const before = await captureOn(originB, user.sessionId, '/before');
    const waiting = fetch(`${originA}/api/events/wait?after=${before}&count=2&q=wanted&timeout=60`, {
      headers: asUser(user),
    }).then(async (response) => ({
      status: response.status,
      events: ((await response.json()) as { events: WebhookEvent[] }).events,
    }));
    await waitFor('the wait to be open on A', () => a.services.waits.openCount().waits === 1);
    await captureOn(originB, user.sessionId, '/other');
    const first = await captureOn(originB, user.sessionId, '/wanted/1');
    const second = await captureOn(originB, user.sessionId, '/wanted/2');
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.events.map((event) => [event.id, event.path])).toEqual([
      [first, '/wanted/1'],
      [second, '/wanted/2'],
    ]);
    expect(a.services.waits.openCount()).toEqual({ waits: 0, sessions: 0 });
  });
});
