/**
 * Two instances on one PostgreSQL schema and one (private) Redis: a capture taken by instance A
 * reaches a stream and a `--respond` forwarder connected to instance B, and B's answer reaches the
 * sender waiting on A. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORWARDERS_CHANGED, WEBHOOK_RESPONSE } from '../../../../shared/realtime.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildApp } from '../../app.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { freePort, startRedis, type RedisProcess } from '../../../test/processes.js';
import { connectSocket, listen, nextEvent } from '../../../test/socket.js';
import { runCli, startTarget, untilForwarding, type CliRun, type TargetServer } from './cli-process.js';
import { openStream, type StreamClient } from './test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('streams and forwarders across instances', () => {
  let redis: RedisProcess;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originA: string;
  let originB: string;
  let target: TargetServer | null = null;
  const runs: CliRun[] = [];
  const streams: StreamClient[] = [];

  beforeAll(async () => {
    // Checked above by runIf; repeated so the types know.
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is needed');
    // A private Redis, so instances of other test files never take part in the announcements.
    redis = await startRedis(await freePort());
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    a = await buildApp(testConfig({ databaseUrl, redisUrl: redis.url }));
    b = await buildApp(testConfig({ databaseUrl, redisUrl: redis.url }));
    originA = await listen(a);
    originB = await listen(b);
  }, 60_000);
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await Promise.all(runs.splice(0).map((run) => run.stop()));
    await target?.close();
    target = null;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.stop();
  }, 60_000);

  it('a stream on B gets the events captured on A, in order', async () => {
    const user = await createSession(a);
    const stream = await openStream(originB, { sessionId: user.sessionId });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const ids: number[] = [];
    for (const path of ['/one', '/two', '/three']) {
      const response = await fetch(`${originA}/webhook/${user.sessionId}${path}`, {
        method: 'POST',
        body: path,
      });
      ids.push(((await response.json()) as { id: number }).id);
    }
    const events = await stream.untilEvents(3);
    expect(events.map((event) => event.id)).toEqual(ids);
  });

  it("a --respond forwarder on B answers a capture taken by A, and A's browser is told", async () => {
    target = await startTarget({ status: 207, headers: [['X-From', 'laptop']], body: 'multi' });
    const user = await createSession(a);
    const socket = await connectSocket(originA, user.sessionId);
    const run = runCli(['forward', `${originB}/webhook/${user.sessionId}`, '--to', target.url, '--respond']);
    runs.push(run);
    await untilForwarding(run);
    const told = nextEvent(socket, WEBHOOK_RESPONSE);

    const sent = await fetch(`${originA}/webhook/${user.sessionId}/gh`, { method: 'POST', body: 'payload' });
    expect(sent.status).toBe(207);
    expect(sent.headers.get('x-from')).toBe('laptop');
    expect(await sent.text()).toBe('multi');
    expect(target.received.map((request) => [request.url, request.body.toString()])).toEqual([
      ['/gh', 'payload'],
    ]);

    const listed = (await b.inject({ method: 'GET', url: '/api/events', headers: asUser(user) })).json<
      WebhookEvent[]
    >();
    expect(listed[0]?.response).toEqual({ status: 207, source: 'forwarder' });
    expect(await told).toEqual({ id: listed[0]?.id, response: { status: 207, source: 'forwarder' } });
    socket.close();
  });

  it("a forwarder on B is counted by A, and the owner's page on A hears when it comes and goes", async () => {
    const user = await createSession(a);
    const socket = await connectSocket(originA, user.sessionId);
    try {
      let told = nextEvent(socket, FORWARDERS_CHANGED);
      const stream = await openStream(originB, { sessionId: user.sessionId, query: { respond: '1' } });
      streams.push(stream);
      expect(await told).toEqual({ count: 1, responding: 1 });
      const counted = await a.inject({ method: 'GET', url: '/api/forwarders', headers: asUser(user) });
      expect(counted.json()).toEqual({ count: 1, responding: 1 });

      told = nextEvent(socket, FORWARDERS_CHANGED);
      stream.close();
      expect(await told).toEqual({ count: 0, responding: 0 });
      const after = await a.inject({ method: 'GET', url: '/api/forwarders', headers: asUser(user) });
      expect(after.json()).toEqual({ count: 0, responding: 0 });
    } finally {
      socket.close();
    }
  });
});
