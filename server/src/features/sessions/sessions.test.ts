import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/connection.js';
import { freshPostgresUrl, storageBackends, testConfig, TEST_DATABASE_URL } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function startSession(app: FastifyInstance, payload?: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/user', payload });
}

function expectJsonError(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof response.json<{ error: unknown }>().error).toBe('string');
}

describe.each(storageBackends)('sessions on $name', ({ postgres }) => {
  /** One configuration (and so one store) per backend, so an app can be rebuilt on the same data. */
  let config: Config;
  let app: FastifyInstance;
  const extraApps: FastifyInstance[] = [];

  async function build(): Promise<FastifyInstance> {
    const built = await buildApp(config);
    await built.ready();
    return built;
  }

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    config = testConfig({ databaseUrl });
    app = await build();
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(async () => {
    await Promise.all(extraApps.splice(0).map((extra) => extra.close()));
  });

  async function storedReferrer(sessionId: string): Promise<string | null | undefined> {
    const database = await openDatabase(config);
    try {
      const row = await database.db
        .selectFrom('sessions')
        .select('referrer')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.referrer;
    } finally {
      await database.close();
    }
  }

  it('a new session answers 200 with a random UUID v4 session id and a separate user id', async () => {
    for (const payload of [undefined, {}]) {
      const response = await startSession(app, payload);
      expect(response.statusCode).toBe(200);
      const user = response.json<SessionUser>();
      expect(Object.keys(user).sort()).toEqual(['id', 'sessionId']);
      expect(user.sessionId).toMatch(UUID_V4);
      expect(typeof user.id).toBe('string');
      expect(user.id).not.toBe(user.sessionId);
    }
  });

  it('new session ids are random, never sequential or time-ordered', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createSession(app)));
    const sessionIds = users.map((user) => user.sessionId);
    expect(new Set(sessionIds).size).toBe(20);
    for (const sessionId of sessionIds) expect(sessionId).toMatch(UUID_V4);
    // Sequential or time-based ids share their leading digits; random ones do not.
    expect(new Set(sessionIds.map((sessionId) => sessionId.slice(0, 8))).size).toBe(20);
    expect(new Set(users.map((user) => user.id)).size).toBe(20);
  });

  it('a well-formed session id the server does not know is created under that id', async () => {
    const sessionId = randomUUID();
    const response = await startSession(app, { sessionId });
    expect(response.statusCode).toBe(200);
    const user = response.json<SessionUser>();
    expect(user.sessionId).toBe(sessionId);

    const captured = await app.inject({ method: 'POST', url: `/webhook/${sessionId}`, payload: 'x' });
    expect(captured.statusCode).toBe(200);
    const events = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'x-session-id': sessionId },
    });
    expect(events.statusCode).toBe(200);
    expect(events.json<unknown[]>()).toHaveLength(1);
  });

  it('resuming a session returns the same user id', async () => {
    const first = await createSession(app);
    const again = await startSession(app, { sessionId: first.sessionId });
    expect(again.statusCode).toBe(200);
    expect(again.json<SessionUser>()).toEqual(first);
  });

  it('a session sent only in the cookie or the X-Session-ID header is resumed', async () => {
    const first = await createSession(app);
    const byCookie = await app.inject({
      method: 'POST',
      url: '/api/user',
      cookies: { [SESSION_COOKIE]: first.sessionId },
    });
    expect(byCookie.json<SessionUser>()).toEqual(first);
    const byHeader = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'x-session-id': first.sessionId },
    });
    expect(byHeader.json<SessionUser>()).toEqual(first);
  });

  it('a session is resumed with the same user id after the server restarts', async () => {
    const first = await createSession(app);
    const restarted = await build();
    extraApps.push(restarted);
    const again = await startSession(restarted, { sessionId: first.sessionId });
    expect(again.json<SessionUser>()).toEqual(first);
  });

  it('an invalid session id answers 400 JSON and creates nothing', async () => {
    for (const sessionId of [
      'abc',
      '',
      42,
      null,
      '00000000-0000-0000-0000-000000000000',
      `${randomUUID()}x`,
    ]) {
      expectJsonError(await startSession(app, { sessionId }), 400);
    }
  });

  it('an invalid referrer answers 400 JSON', async () => {
    expectJsonError(await startSession(app, { referrer: 12 }), 400);
    expectJsonError(await startSession(app, { referrer: 'x'.repeat(2049) }), 400);
  });

  it('starting a session sets the hookbay_session cookie to its id, for the API paths only', async () => {
    const response = await startSession(app, {});
    const user = response.json<SessionUser>();
    expect(response.cookies).toHaveLength(1);
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ value: user.sessionId, path: '/api', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeGreaterThan(0);
  });

  it('a browser holding the site-wide cookie of old is told to drop it', async () => {
    const first = await createSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      cookies: { [SESSION_COOKIE]: first.sessionId },
    });
    const paths = response.cookies
      .filter((candidate) => candidate.name === SESSION_COOKIE)
      .map(({ path, value, maxAge }) => ({ path, value, maxAge }));
    expect(paths).toEqual([
      { path: '/api', value: first.sessionId, maxAge: expect.any(Number) },
      { path: '/', value: '', maxAge: 0 },
    ]);
  });

  it('the referrer sent with a new session is stored', async () => {
    const withReferrer = await createSession(app, { referrer: 'https://news.example/post?id=1' });
    const without = await createSession(app);
    expect(await storedReferrer(withReferrer.sessionId)).toBe('https://news.example/post?id=1');
    expect(await storedReferrer(without.sessionId)).toBeNull();
  });

  it('an unknown or missing session on /api/events answers 401 JSON', async () => {
    expectJsonError(await app.inject({ method: 'GET', url: '/api/events' }), 401);
    expectJsonError(
      await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-session-id': randomUUID() } }),
      401,
    );
    expectJsonError(
      await app.inject({ method: 'GET', url: '/api/events', cookies: { [SESSION_COOKIE]: randomUUID() } }),
      401,
    );
  });

  it('a known session is accepted from the header, the sessionId query parameter or the cookie', async () => {
    const user = await createSession(app);
    const requests = [
      { url: '/api/events', headers: { 'x-session-id': user.sessionId } },
      { url: `/api/events?sessionId=${user.sessionId}` },
      { url: '/api/events', cookies: { [SESSION_COOKIE]: user.sessionId } },
    ];
    for (const request of requests) {
      const response = await app.inject({ method: 'GET', ...request });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });
});
