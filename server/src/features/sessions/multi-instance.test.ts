/**
 * Two instances on one PostgreSQL schema and one Redis, as behind a load balancer: a suspension
 * made on one refuses captures on the other as soon as the admin's request is answered, although
 * the other answers captures from memory. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('suspensions across two instances', () => {
  let store: AdminTestStore;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: SessionUser;
  let adminCookie: string;

  beforeAll(async () => {
    store = await openAdminTestStore(true);
    a = await store.buildApp({ redisUrl: TEST_REDIS_URL });
    b = await store.buildApp({ redisUrl: TEST_REDIS_URL });
    admin = await createSession(a);
    adminCookie = await becomeAdmin(store, a, admin);
  });
  afterAll(() => store.close());

  async function setSuspended(on: FastifyInstance, user: SessionUser, suspended: boolean) {
    const response = await on.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${user.sessionId}`,
      payload: { suspended },
      ...asBrowser(admin, adminCookie),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function captureStatus(on: FastifyInstance, user: SessionUser): Promise<number> {
    const response = await on.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: '{}' });
    return response.statusCode;
  }

  it('a suspension made on A refuses captures on B at once, and lifting it on A lets them in again', async () => {
    const user = await createSession(a);
    // B now holds "not suspended" for this session in memory.
    expect(await captureStatus(b, user)).toBe(200);

    await setSuspended(a, user, true);
    expect([await captureStatus(b, user), await captureStatus(a, user)]).toEqual([410, 410]);

    await setSuspended(a, user, false);
    expect([await captureStatus(b, user), await captureStatus(a, user)]).toEqual([200, 200]);
  });

  it('a suspension made on B holds on A too', async () => {
    const user = await createSession(b);
    expect(await captureStatus(a, user)).toBe(200);
    await setSuspended(b, user, true);
    expect(await captureStatus(a, user)).toBe(410);
  });
});
