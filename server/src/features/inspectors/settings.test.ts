import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createKey } from '../access/test-helpers.js';
import { createShare } from '../shares/test-helpers.js';

describe.each(storageBackends)('an inspector’s lifetime, cap and CORS switch on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(() => app.close());

  function put(user: SessionUser, payload: object) {
    return app.inject({ method: 'PUT', url: '/api/user/inspector', headers: asUser(user), payload });
  }
  function capture(address: string, headers: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: `/webhook/${address}/x`, payload: 'hello', headers });
  }
  async function bodies(user: SessionUser): Promise<string[]> {
    await app.services.webhooks.flush();
    const response = await app.inject({ method: 'GET', url: '/api/events?limit=100', headers: asUser(user) });
    return response.json<WebhookEvent[]>().map((event) => event.body);
  }
  async function rowsOf(sessionId: string) {
    const db = app.database.db;
    const count = async (table: 'webhook_events' | 'response_rules' | 'api_keys' | 'share_links') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('session_id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const session = await db
      .selectFrom('sessions')
      .select(['name'])
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return {
      events: await count('webhook_events'),
      rules: await count('response_rules'),
      keys: await count('api_keys'),
      shares: await count('share_links'),
      name: session?.name,
    };
  }

  it('a new inspector never expires, keeps what the instance allows, and answers with open CORS', async () => {
    const user = await createSession(app);
    const response = await app.inject({ method: 'GET', url: '/api/user/inspector', headers: asUser(user) });
    expect(response.json()).toEqual({ expiresAt: null, maxRequests: null, cors: true });
    const captured = await capture(user.sessionId, { origin: 'https://app.example' });
    expect(captured.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('refuses bad settings with 400 saying why', async () => {
    const user = await createSession(app);
    const cases: [object, string][] = [
      [{ expiresIn: '2 hours' }, 'expiresIn: a duration like "30m", "2h" or "7d", at most 365 days.'],
      [{ expiresIn: '400d' }, 'expiresIn: a duration like "30m", "2h" or "7d", at most 365 days.'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt: must be in the future.'],
      [{ maxRequests: -1 }, 'maxRequests: at least 0.'],
      [{ maxRequests: 1.5 }, 'maxRequests: a whole number.'],
      [{ cors: 'no' }, 'cors: true or false.'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
  });

  it('cors false drops the open CORS headers from capture answers, by id and by name', async () => {
    const user = await createSession(app);
    await app.inject({
      method: 'PUT',
      url: '/api/user/name',
      headers: asUser(user),
      payload: { name: `cors-${process.pid}-${postgres ? 'pg' : 'sq'}` },
    });
    expect((await put(user, { cors: false })).json()).toMatchObject({ cors: false });
    for (const address of [user.sessionId, `cors-${process.pid}-${postgres ? 'pg' : 'sq'}`]) {
      const captured = await capture(address, { origin: 'https://app.example' });
      expect(captured.statusCode).toBe(200);
      expect(captured.headers['access-control-allow-origin']).toBeUndefined();
      expect(captured.headers['access-control-allow-methods']).toBeUndefined();
    }
    await put(user, { cors: true });
    expect(
      (await capture(user.sessionId, { origin: 'https://a.example' })).headers['access-control-allow-origin'],
    ).toBe('https://a.example');
  });

  it('a cap of N keeps the newest N requests', async () => {
    const user = await createSession(app);
    expect((await put(user, { maxRequests: 3 })).json()).toEqual({
      expiresAt: null,
      maxRequests: 3,
      cors: true,
    });
    for (let n = 1; n <= 6; n++)
      await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: `r${n}` });
    await app.services.webhooks.flush();
    await app.services.sweepInspectors();
    expect(await bodies(user)).toEqual(['r6', 'r5', 'r4']);
  });

  it('a cap of 0 answers every request and keeps none', async () => {
    const user = await createSession(app);
    await put(user, { maxRequests: 0 });
    for (let n = 1; n <= 3; n++) {
      const response = await app.inject({
        method: 'POST',
        url: `/webhook/${user.sessionId}`,
        payload: `r${n}`,
      });
      expect(response.statusCode).toBe(200);
    }
    await app.services.webhooks.flush();
    await app.services.sweepInspectors();
    expect(await bodies(user)).toEqual([]);
    expect((await rowsOf(user.sessionId)).events).toBe(0);
  });

  it('once expired, its URL answers 410 with a reason and everything it held is removed', async () => {
    const user = await createSession(app);
    const name = `short-lived-${process.pid}-${postgres ? 'pg' : 'sq'}`;
    await app.inject({ method: 'PUT', url: '/api/user/name', headers: asUser(user), payload: { name } });
    await app.inject({
      method: 'PUT',
      url: '/api/responses',
      headers: asUser(user),
      payload: { rules: [{ responses: [{ status: 202 }] }] },
    });
    await createKey(app, user);
    await createShare(app, asUser(user));
    const set = await put(user, { expiresIn: '1s' });
    const expiresAt = set.json<{ expiresAt: string }>().expiresAt;
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(1000);
    expect((await capture(user.sessionId)).statusCode).toBe(202);
    await app.services.webhooks.flush();
    expect(await rowsOf(user.sessionId)).toEqual({ events: 1, rules: 1, keys: 1, shares: 1, name });

    await vi.waitFor(async () => expect((await capture(user.sessionId)).statusCode).toBe(410), {
      timeout: 3000,
      interval: 100,
    });
    const refused = await capture(user.sessionId);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      error: `This inspector expired at ${expiresAt}; it and its requests were removed.`,
    });
    expect((await capture(name)).statusCode).toBe(410);

    await app.services.sweepInspectors();
    expect(await rowsOf(user.sessionId)).toEqual({ events: 0, rules: 0, keys: 0, shares: 0, name: null });
    expect((await capture(name)).statusCode).toBe(404);
    expect((await capture(user.sessionId)).statusCode).toBe(410);
    // A browser holding the expired id gets a new inspector.
    const resumed = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { sessionId: user.sessionId },
    });
    expect(resumed.json<SessionUser>().sessionId).not.toBe(user.sessionId);
  });

  it('a lifetime can be lifted again before it is over', async () => {
    const user = await createSession(app);
    await put(user, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await put(user, { expiresAt: null })).json()).toEqual({
      expiresAt: null,
      maxRequests: null,
      cors: true,
    });
    expect((await capture(user.sessionId)).statusCode).toBe(200);
  });
});
