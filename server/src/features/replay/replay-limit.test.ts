/**
 * REPLAY_PER_MINUTE: server-side replays per session and per IP address, counted across
 * instances that share the database; 0 switches server-side replay off.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayPath } from '../../../../shared/replay.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { freshPostgresUrl, storageBackends, testConfig, TEST_DATABASE_URL } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { REPLAY_OFF_MESSAGE, TOO_MANY_REPLAYS_MESSAGE } from './replay.routes.js';

const DEFAULT_PER_MINUTE = loadConfig({}).replayPerMinute;

/** A target on 127.0.0.1 that answers 204 and counts the requests that reached each path. */
async function startTarget() {
  const received = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    received.set(path, (received.get(path) ?? 0) + 1);
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    receivedAt: (path: string) => received.get(path) ?? 0,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function expectRefusal(response: LightMyRequestResponse, status: number, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ error: message });
}

describe.each(storageBackends)('the replay limit on $name', ({ postgres }) => {
  let config: Config;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let target: Awaited<ReturnType<typeof startTarget>>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    config = testConfig({ databaseUrl, replayAllowPrivate: true, replayPerMinute: DEFAULT_PER_MINUTE });
    // Two instances on one database (one PostgreSQL schema, or one SQLite file).
    first = await buildApp(config);
    second = await buildApp(config);
    apps.push(first, second);
    target = await startTarget();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await target.close();
  });

  /** A new session with one captured request, ready to be replayed. */
  async function sessionWithEvent(): Promise<{ user: SessionUser; eventId: number }> {
    const user = await createSession(first);
    const captured = await first.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: 'hi' });
    return { user, eventId: captured.json<{ id: number }>().id };
  }

  function replay(
    app: FastifyInstance,
    { user, eventId }: { user: SessionUser; eventId: number },
    path: string,
    remoteAddress: string,
  ) {
    return app.inject({
      method: 'POST',
      url: replayPath(eventId),
      headers: asUser(user),
      payload: { url: target.url(path) },
      remoteAddress,
    });
  }

  /** Replays `count` times from the address, alternating between the two instances; all must succeed. */
  async function replayAllowed(
    session: { user: SessionUser; eventId: number },
    path: string,
    address: string,
    count: number,
  ) {
    for (let index = 0; index < count; index += 1) {
      const response = await replay(index % 2 ? second : first, session, path, address);
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  it('lets a session start 30 replays a minute across instances; the 31st answers 429 with Retry-After and sends nothing', async () => {
    expect(DEFAULT_PER_MINUTE).toBe(30);
    const session = await sessionWithEvent();
    await replayAllowed(session, '/per-session', '192.0.2.10', 30);

    const refused = await replay(second, session, '/per-session', '192.0.2.10');
    expectRefusal(refused, 429, TOO_MANY_REPLAYS_MESSAGE);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same session from another address is refused too: the limit is per session.
    expectRefusal(await replay(first, session, '/per-session', '192.0.2.11'), 429, TOO_MANY_REPLAYS_MESSAGE);
    expect(target.receivedAt('/per-session')).toBe(30);
  });

  it('counts per IP address too: another session from the same address is refused, from another it is not', async () => {
    await replayAllowed(await sessionWithEvent(), '/per-ip', '192.0.2.20', 30);
    const newcomer = await sessionWithEvent();
    expectRefusal(await replay(first, newcomer, '/per-ip', '192.0.2.20'), 429, TOO_MANY_REPLAYS_MESSAGE);
    expect(target.receivedAt('/per-ip')).toBe(30);

    expect((await replay(second, newcomer, '/per-ip', '192.0.2.21')).statusCode).toBe(200);
    expect(target.receivedAt('/per-ip')).toBe(31);
  });

  it('REPLAY_PER_MINUTE=0 switches server-side replay off: 403 with a clear error, and nothing is sent', async () => {
    const off = await buildApp({ ...config, replayPerMinute: 0 });
    apps.push(off);
    const session = await sessionWithEvent();
    for (let index = 0; index < 3; index += 1) {
      expectRefusal(await replay(off, session, '/off', '192.0.2.30'), 403, REPLAY_OFF_MESSAGE);
    }
    expect(target.receivedAt('/off')).toBe(0);
    expect(REPLAY_OFF_MESSAGE).toContain('hookbay replay');
  });
});

describe('REPLAY_PER_MINUTE', () => {
  it('is 30 unless set; 0 is allowed; anything but a whole number stops the start with its name', () => {
    expect(loadConfig({}).replayPerMinute).toBe(30);
    expect(loadConfig({ REPLAY_PER_MINUTE: '0' }).replayPerMinute).toBe(0);
    expect(loadConfig({ REPLAY_PER_MINUTE: '5' }).replayPerMinute).toBe(5);
    for (const raw of ['-1', '1.5', 'many']) {
      expect(() => loadConfig({ REPLAY_PER_MINUTE: raw })).toThrow(
        `REPLAY_PER_MINUTE must be 0 or a positive whole number, got "${raw}"`,
      );
    }
  });
});
