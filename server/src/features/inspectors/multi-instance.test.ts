/**
 * Two instances on one PostgreSQL schema and one Redis, as behind a load balancer: both answer
 * captures by name from memory, and a rename, a freed name or a deleted inspector made on one
 * holds on the other as soon as it is answered. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('inspector names across two instances', () => {
  let store: AdminTestStore;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    store = await openAdminTestStore(true);
    a = await store.buildApp({ redisUrl: TEST_REDIS_URL });
    b = await store.buildApp({ redisUrl: TEST_REDIS_URL });
  });
  afterAll(() => store.close());

  async function rename(on: FastifyInstance, user: SessionUser, name: string | null) {
    const response = await on.inject({
      method: 'PUT',
      url: '/api/user/name',
      headers: asUser(user),
      payload: { name },
    });
    return response.statusCode;
  }

  async function captureStatus(on: FastifyInstance, address: string): Promise<number> {
    const response = await on.inject({ method: 'POST', url: `/webhook/${address}`, payload: '{}' });
    return response.statusCode;
  }

  it('a name nobody held, then claimed on A, captures on B at once', async () => {
    const user = await createSession(a);
    // B now remembers that nobody holds the name.
    expect(await captureStatus(b, 'claimed-late')).toBe(404);
    expect(await rename(a, user, 'claimed-late')).toBe(200);
    expect([await captureStatus(b, 'claimed-late'), await captureStatus(a, 'claimed-late')]).toEqual([
      200, 200,
    ]);
  });

  it('a rename on A frees the old name on B at once, and B captures by the new one', async () => {
    const user = await createSession(a);
    expect(await rename(a, user, 'first-name')).toBe(200);
    // B now remembers first-name → this session.
    expect(await captureStatus(b, 'first-name')).toBe(200);
    expect(await rename(a, user, 'second-name')).toBe(200);
    expect([await captureStatus(b, 'first-name'), await captureStatus(a, 'first-name')]).toEqual([404, 404]);
    expect(await captureStatus(b, 'second-name')).toBe(200);

    // Another inspector takes the freed name on B; A follows.
    const other = await createSession(b);
    expect(await rename(a, other, 'second-name')).toBe(409);
    expect(await rename(b, other, 'first-name')).toBe(200);
    await captureStatus(a, 'first-name');
    await a.services.webhooks.flush();
    const events = await a.inject({ method: 'GET', url: '/api/events', headers: asUser(other) });
    expect(events.json<unknown[]>()).toHaveLength(1);
  });

  it('a name freed by an admin on B answers 404 on A at once', async () => {
    const admin = await createSession(b);
    const adminCookie = await becomeAdmin(store, b, admin);
    const user = await createSession(a);
    expect(await rename(a, user, 'freed-by-admin')).toBe(200);
    expect(await captureStatus(a, 'freed-by-admin')).toBe(200);
    const freed = await b.inject({
      method: 'DELETE',
      url: '/api/admin/names/freed-by-admin',
      ...asBrowser(admin, adminCookie),
    });
    expect(freed.statusCode).toBe(200);
    expect(await captureStatus(a, 'freed-by-admin')).toBe(404);
    expect(await captureStatus(a, user.sessionId)).toBe(200);
  });

  it('a lifetime set on A refuses captures on B once over, and CORS switched off on B holds on A', async () => {
    const user = await createSession(a);
    // Both now hold this session's settings in memory.
    expect([await captureStatus(a, user.sessionId), await captureStatus(b, user.sessionId)]).toEqual([
      200, 200,
    ]);
    const off = await b.inject({
      method: 'PUT',
      url: '/api/user/inspector',
      headers: asUser(user),
      payload: { cors: false },
    });
    expect(off.statusCode).toBe(200);
    const answer = await a.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}`,
      headers: { origin: 'https://x.example' },
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();

    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const set = await a.inject({
      method: 'PUT',
      url: '/api/user/inspector',
      headers: asUser(user),
      payload: { expiresAt },
    });
    expect(set.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await captureStatus(b, user.sessionId)).toBe(410), {
      timeout: 4000,
      interval: 100,
    });
  });

  it('an inspector deleted on A stops capturing by its id and its name on B at once, its data gone', async () => {
    const user = await createSession(a);
    expect(await rename(a, user, 'deleted-on-a')).toBe(200);
    // B now holds this session and its name in memory.
    expect([await captureStatus(b, user.sessionId), await captureStatus(b, 'deleted-on-a')]).toEqual([
      200, 200,
    ]);
    await b.services.webhooks.flush();
    const eventsOf = async () =>
      Number(
        (
          await store.database.db
            .selectFrom('webhook_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('session_id', '=', user.sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await eventsOf()).toBe(2);

    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/user/inspector?confirm=${user.sessionId}`,
      headers: asUser(user),
    });
    expect(deleted.statusCode).toBe(200);
    // No wait between the deletion's answer and these captures.
    const byId = await b.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: '{}' });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual({ error: 'No webhook URL here: this inspector was deleted.' });
    expect(await captureStatus(b, 'deleted-on-a')).toBe(404);
    await b.services.webhooks.flush();
    expect(await eventsOf()).toBe(0);
    const session = await store.database.db
      .selectFrom('sessions')
      .select(['name', 'deleted_at'])
      .where('session_id', '=', user.sessionId)
      .executeTakeFirstOrThrow();
    expect(session.name).toBeNull();
    expect(session.deleted_at).not.toBeNull();
  });
});
