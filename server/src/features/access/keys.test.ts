import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_SESSION, type ApiKey, type NewApiKey } from '../../../../shared/access.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asKey, createKey } from './test-helpers.js';

function expectJsonError(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof response.json<{ error: unknown }>().error).toBe('string');
}

describe.each(storageBackends)('API keys on $name', ({ postgres }) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  const listKeys = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/keys', headers });
  const listEvents = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/events', headers });
  const revoke = (headers: Record<string, string>, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers });

  async function storedKeyRows(user: SessionUser) {
    return app.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('session_id', '=', user.sessionId)
      .execute();
  }

  it('a new key answers 201 with id, name, key and createdAt; the key is random, starts hbk_ and is stored hashed', async () => {
    const user = await createSession(app);
    const before = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(user),
      payload: { name: 'ci' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json<NewApiKey>();
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'id', 'key', 'name', 'scope']);
    expect(created.name).toBe('ci');
    expect(created.scope).toBe('full');
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(created.key.startsWith('hbk_')).toBe(true);
    // 32 random bytes as base64url after the id: far more than 128 bits.
    expect(created.key).toMatch(/^hbk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);

    const rows = await storedKeyRows(user);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.key);
    expect(stored).not.toContain(created.key.slice(-43));
    expect(rows[0]?.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));

    const others = await Promise.all(Array.from({ length: 5 }, () => createKey(app, user)));
    const secrets = [created, ...others].map((key) => key.key.slice(-43));
    expect(new Set(secrets).size).toBe(6);
  });

  it('the key identifies its session in place of the session id, and never appears in the list again', async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}/mine`, payload: 'x' });
    const { key, id } = await createKey(app, user, 'deploy bot');

    // The key wins over any session id sent with it.
    const events = await listEvents({ ...asKey(key), ...asUser(other) });
    expect(events.statusCode).toBe(200);
    expect(events.json<{ path: string }[]>().map((event) => event.path)).toEqual(['/mine']);

    const listed = await listKeys(asKey(key));
    expect(listed.statusCode).toBe(200);
    const keys = listed.json<ApiKey[]>();
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'scope']);
    expect(keys[0]).toMatchObject({ id, name: 'deploy bot' });
    expect(listed.body).not.toContain(key.slice(-43));
  });

  it('lastUsedAt is null until the key is used, then set, and written at most once a minute', async () => {
    const user = await createSession(app);
    const { key, id } = await createKey(app, user);
    const lastUsed = async () => (await listKeys(asUser(user))).json<ApiKey[]>()[0]?.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    const before = Date.now();
    expect((await listEvents(asKey(key))).statusCode).toBe(200);
    const first = await lastUsed();
    expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // Used again within the minute: nothing is written.
    expect((await listEvents(asKey(key))).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);

    // A use recorded more than a minute ago is written again.
    const longAgo = Date.now() - 61_000;
    await app.database.db
      .updateTable('api_keys')
      .set({ last_used_at: longAgo })
      .where('id', '=', id)
      .execute();
    expect((await listEvents(asKey(key))).statusCode).toBe(200);
    expect(Date.parse((await lastUsed()) ?? '')).toBeGreaterThan(longAgo + 60_000);
  });

  it('a revoked key stops working at once: 401 JSON on every call, and it leaves the list', async () => {
    const user = await createSession(app);
    const kept = await createKey(app, user, 'kept');
    const doomed = await createKey(app, user, 'doomed');
    expect((await listEvents(asKey(doomed.key))).statusCode).toBe(200);

    const revoked = await revoke(asKey(kept.key), doomed.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true });

    expectJsonError(await listEvents(asKey(doomed.key)), 401);
    expectJsonError(await listKeys(asKey(doomed.key)), 401);
    const resumed = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: asKey(doomed.key),
      payload: {},
    });
    expectJsonError(resumed, 401);
    expect(resumed.headers['set-cookie']).toBeUndefined();
    expect((await listKeys(asKey(kept.key))).json<ApiKey[]>().map((key) => key.name)).toEqual(['kept']);
    expectJsonError(await revoke(asKey(kept.key), doomed.id), 404);
    expect(await storedKeyRows(user)).toHaveLength(1);
  });

  it('a key may revoke itself, and is refused from then on', async () => {
    const user = await createSession(app);
    const { key, id } = await createKey(app, user);
    expect((await revoke(asKey(key), id)).statusCode).toBe(200);
    expectJsonError(await listEvents(asKey(key)), 401);
  });

  it(`holds at most ${MAX_KEYS_PER_SESSION} keys per session; the next answers 409 with a readable error`, async () => {
    const user = await createSession(app);
    const keys = await Promise.all(
      Array.from({ length: MAX_KEYS_PER_SESSION + 3 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/keys',
          headers: asUser(user),
          payload: { name: `key ${index}` },
        }),
      ),
    );
    const statuses = keys.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_KEYS_PER_SESSION);
    const refused = keys.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expectJsonError(response, 409);
      expect(response.json<{ error: string }>().error).toMatch(/at most|most it can hold/);
    }
    expect(await storedKeyRows(user)).toHaveLength(MAX_KEYS_PER_SESSION);

    // Revoking one frees a place.
    const first = keys[0]?.json<NewApiKey>();
    expect((await revoke(asUser(user), first?.id ?? '')).statusCode).toBe(200);
    expect((await createKey(app, user, 'again')).name).toBe('again');
    // Another session has its own allowance.
    expect((await createKey(app, await createSession(app))).name).toBe('ci');
  });

  it("another session's key id answers 404 and the key keeps working", async () => {
    const owner = await createSession(app);
    const stranger = await createSession(app);
    const { key, id } = await createKey(app, owner);
    const strangerKey = await createKey(app, stranger);
    expectJsonError(await revoke(asUser(stranger), id), 404);
    expectJsonError(await revoke(asKey(strangerKey.key), id), 404);
    expectJsonError(await revoke(asUser(owner), 'no-such-key'), 404);
    expect((await listEvents(asKey(key))).statusCode).toBe(200);
    expect((await listKeys(asUser(stranger))).json<ApiKey[]>().map((listed) => listed.id)).toEqual([
      strangerKey.id,
    ]);
  });

  it('an unknown or malformed key answers 401 JSON, even beside a valid session id', async () => {
    const user = await createSession(app);
    const { key } = await createKey(app, user);
    const unknown = `${key.slice(0, -4)}AAAA`;
    for (const header of [`Bearer ${unknown}`, 'Bearer nonsense', 'Bearer ', `bearer  ${unknown}`]) {
      const response = await listEvents({ authorization: header, ...asUser(user) });
      expectJsonError(response, 401);
      expect(response.json<{ error: string }>().error).toBe('This key is unknown or was revoked.');
    }
    // Another scheme (a proxy's Basic credentials) is not a key: the session id still counts.
    expect((await listEvents({ authorization: 'Basic dXNlcjpwYXNz', ...asUser(user) })).statusCode).toBe(200);
  });

  it('a key needs a name of 1 to 60 characters; no session: 401', async () => {
    const user = await createSession(app);
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 7 }]) {
      const response = await app.inject({ method: 'POST', url: '/api/keys', headers: asUser(user), payload });
      expectJsonError(response, 400);
      expect(response.json<{ error: string }>().error).toMatch(/^name: /);
    }
    expect((await createKey(app, user, 'x'.repeat(60))).name).toHaveLength(60);
    expect((await createKey(app, user, '  padded  ')).name).toBe('padded');
    expect(await storedKeyRows(user)).toHaveLength(2);
    expectJsonError(await app.inject({ method: 'POST', url: '/api/keys', payload: { name: 'ci' } }), 401);
    expectJsonError(await listKeys({}), 401);
  });
});
