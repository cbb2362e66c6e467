/**
 * Two instances on one PostgreSQL schema and one (private) Redis: a key revoked, or privacy turned
 * on, through instance A takes effect on B at once, for calls, sockets and event streams. Runs when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_REQUEST } from '../../../../shared/realtime.js';
import { buildApp } from '../../app.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { freePort, startRedis, type RedisProcess } from '../../../test/processes.js';
import {
  connectSocket,
  connectWithAuth,
  disconnected,
  listen,
  nextEvent,
  type TestSocket,
} from '../../../test/socket.js';
import { openStream, type StreamClient } from '../forwarding/test-helpers.js';
import { asKey, createKey } from './test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('keys and privacy across instances', () => {
  let redis: RedisProcess;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originB: string;
  const sockets: TestSocket[] = [];
  const streams: StreamClient[] = [];

  beforeAll(async () => {
    // Checked above by runIf; repeated so the types know.
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is needed');
    // A private Redis, so instances of other test files never take part in the messages.
    redis = await startRedis(await freePort());
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    a = await buildApp(testConfig({ databaseUrl, redisUrl: redis.url }));
    b = await buildApp(testConfig({ databaseUrl, redisUrl: redis.url }));
    await listen(a);
    originB = await listen(b);
  }, 60_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.stop();
  }, 60_000);

  const listEvents = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/events', headers });

  function ended(stream: StreamClient): Promise<void> {
    return new Promise((resolve) => stream.onEnd(resolve));
  }

  it('a key revoked on A fails at once on B; its socket and its stream on B are closed', async () => {
    const user = await createSession(a);
    const doomed = await createKey(a, user, 'doomed');
    const kept = await createKey(a, user, 'kept');
    // B has served the key (and the session) before the revocation.
    expect((await listEvents(b, asKey(doomed.key))).statusCode).toBe(200);
    const socket = await connectWithAuth(originB, { token: doomed.key });
    sockets.push(socket);
    const keptSocket = await connectWithAuth(originB, { token: kept.key });
    sockets.push(keptSocket);
    const stream = await openStream(originB, { headers: asKey(doomed.key) });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const socketGone = disconnected(socket);
    const streamEnded = ended(stream);

    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/keys/${doomed.id}`,
      headers: asKey(kept.key),
    });
    expect(revoked.statusCode).toBe(200);
    // The answer came: from now on B refuses the key, with no wait.
    expect((await listEvents(b, asKey(doomed.key))).statusCode).toBe(401);
    expect(await socketGone).toBe('io server disconnect');
    await streamEnded;
    await expect(connectWithAuth(originB, { token: doomed.key })).rejects.toThrow('unknown or was revoked');

    const received = nextEvent(keptSocket, WEBHOOK_REQUEST);
    const captured = await a.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: 'x' });
    expect((await received).id).toBe(captured.json<{ id: number }>().id);
  });

  it('privacy turned on through A holds on B at once, though B knew the session; off again, likewise', async () => {
    const user = await createSession(a);
    const { key } = await createKey(a, user);
    expect((await listEvents(b, asUser(user))).statusCode).toBe(200);
    const socket = await connectSocket(originB, user.sessionId);
    sockets.push(socket);
    const stream = await openStream(originB, { sessionId: user.sessionId, asHeader: true });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const socketGone = disconnected(socket);
    const streamEnded = ended(stream);

    const on = await a.inject({
      method: 'PUT',
      url: '/api/user/privacy',
      headers: asUser(user),
      payload: { private: true },
    });
    expect(on.json()).toEqual({ private: true });
    expect((await listEvents(b, asUser(user))).statusCode).toBe(401);
    expect((await listEvents(b, asKey(key))).statusCode).toBe(200);
    expect(await socketGone).toBe('io server disconnect');
    await streamEnded;

    const off = await a.inject({
      method: 'PUT',
      url: '/api/user/privacy',
      headers: asKey(key),
      payload: { private: false },
    });
    expect(off.json()).toEqual({ private: false });
    expect((await listEvents(b, asUser(user))).statusCode).toBe(200);
  });
});
