import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';
import { TOO_MANY_SESSIONS_MESSAGE } from '../sessions/sessions.routes.js';
import { NAME_TAKEN_MESSAGE } from './names.service.js';

let unique = 0;
/** A name no other test of this file uses. */
function freshName(stem = 'hooks'): string {
  unique += 1;
  return `${stem}-${process.pid}-${unique}`;
}

describe.each(storageBackends)('inspector names on $name', ({ postgres }) => {
  let store: AdminTestStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
    app = store.app;
  });
  afterAll(() => store.close());

  function rename(user: SessionUser, name: unknown, remoteAddress?: string) {
    return app.inject({
      method: 'PUT',
      url: '/api/user/name',
      headers: asUser(user),
      payload: { name },
      ...(remoteAddress && { remoteAddress }),
    });
  }

  async function named(name: string): Promise<SessionUser> {
    const user = await createSession(app);
    const response = await rename(user, name);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ name });
    return user;
  }

  async function events(user: SessionUser): Promise<WebhookEvent[]> {
    await app.services.webhooks.flush();
    const response = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    return response.json<WebhookEvent[]>();
  }

  it('captures a request to /webhook/{name} and below exactly as by the session id, which keeps working', async () => {
    const name = freshName();
    const user = await named(name);

    const byName = await app.inject({
      method: 'POST',
      url: `/webhook/${name}/orders/7?expand=items&x=1`,
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
      payload: '{"order":7}',
    });
    expect(byName.statusCode).toBe(200);
    const byId = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}/orders/7?expand=items&x=1`,
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
      payload: '{"order":7}',
    });
    expect(byId.statusCode).toBe(200);

    const [second, first] = await events(user);
    expect(first?.id).toBe(byName.json<{ id: number }>().id);
    expect(second?.id).toBe(byId.json<{ id: number }>().id);
    for (const event of [first, second]) {
      expect(event).toMatchObject({
        method: 'POST',
        path: '/orders/7',
        queryParams: { expand: 'items', x: '1' },
        body: '{"order":7}',
      });
      expect(event?.headers['x-signature']).toBe('abc');
    }
    const bare = await app.inject({ method: 'GET', url: `/webhook/${name}` });
    expect(bare.statusCode).toBe(200);
    expect((await events(user))[0]?.path).toBe('/');
  });

  it('answers the name on GET, and null before one is given', async () => {
    const user = await createSession(app);
    const before = await app.inject({ method: 'GET', url: '/api/user/name', headers: asUser(user) });
    expect(before.json()).toEqual({ name: null });
    const name = freshName();
    await rename(user, name);
    const after = await app.inject({ method: 'GET', url: '/api/user/name', headers: asUser(user) });
    expect(after.json()).toEqual({ name });
  });

  it.each([
    ['ab', 'name: A name is 3 to 48 characters long.'],
    ['a'.repeat(49), 'name: A name is 3 to 48 characters long.'],
    [
      'My-Hooks',
      'name: A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.',
    ],
    [
      '-hooks',
      'name: A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.',
    ],
    [
      'hooks_1',
      'name: A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.',
    ],
    ['0d6b7c4e-1f2a-4b3c-8d9e-0a1b2c3d4e5f', 'name: A name cannot be shaped like a session id (a UUID).'],
    ['admin', 'name: "admin" is reserved; choose another name.'],
    ['webhook', 'name: "webhook" is reserved; choose another name.'],
    [7, 'name: name must be a string or null.'],
  ])('refuses the name %j with 400 saying why', async (name, message) => {
    const user = await createSession(app);
    const response = await rename(user, name);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('answers 409 when another inspector holds the name, first come first served', async () => {
    const name = freshName();
    const holder = await named(name);
    const late = await createSession(app);
    const response = await rename(late, name);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: NAME_TAKEN_MESSAGE });
    const captured = await app.inject({ method: 'POST', url: `/webhook/${name}`, payload: 'x' });
    expect(captured.statusCode).toBe(200);
    expect((await events(holder)).map((event) => event.body)).toEqual(['x']);
    expect(await events(late)).toEqual([]);
  });

  it('a rename frees the old name at once: it answers 404 and another inspector may take it', async () => {
    const oldName = freshName('old');
    const newName = freshName('new');
    const user = await named(oldName);
    // The old name is now remembered in memory.
    expect((await app.inject({ method: 'POST', url: `/webhook/${oldName}` })).statusCode).toBe(200);

    expect((await rename(user, newName)).json()).toEqual({ name: newName });
    const freed = await app.inject({ method: 'POST', url: `/webhook/${oldName}/x` });
    expect(freed.statusCode).toBe(404);
    expect(freed.json()).toEqual({
      error: 'No webhook URL with this session id. Open Hookbay to get yours.',
    });
    expect((await app.inject({ method: 'POST', url: `/webhook/${newName}` })).statusCode).toBe(200);

    const other = await named(oldName);
    await app.inject({ method: 'PUT', url: `/webhook/${oldName}`, payload: 'to other' });
    expect((await events(other)).map((event) => event.body)).toEqual(['to other']);
  });

  it('dropping the name (null) frees it and leaves the session id URL working', async () => {
    const name = freshName();
    const user = await named(name);
    expect((await app.inject({ method: 'GET', url: `/webhook/${name}` })).statusCode).toBe(200);
    expect((await rename(user, null)).json()).toEqual({ name: null });
    expect((await app.inject({ method: 'GET', url: `/webhook/${name}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/webhook/${user.sessionId}` })).statusCode).toBe(200);
  });

  it('answers 404 for a name nobody holds, and for a malformed one', async () => {
    for (const address of [freshName('nobody'), 'Not_A_Name', 'ab']) {
      const response = await app.inject({ method: 'POST', url: `/webhook/${address}`, payload: '{}' });
      expect(response.statusCode).toBe(404);
    }
  });

  it('needs a session to name an inspector', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/name',
      payload: { name: freshName() },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets an admin free a name: the inspector keeps its session id URL and the name answers 404', async () => {
    const admin = await createSession(app);
    const adminCookie = await becomeAdmin(store, app, admin);
    const name = freshName();
    const user = await named(name);
    expect((await app.inject({ method: 'GET', url: `/webhook/${name}` })).statusCode).toBe(200);

    const notAdmin = await app.inject({
      method: 'DELETE',
      url: `/api/admin/names/${name}`,
      headers: asUser(user),
    });
    expect(notAdmin.statusCode).toBe(403);
    const freed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/names/${name}`,
      ...asBrowser(admin, adminCookie),
    });
    expect(freed.statusCode).toBe(200);
    expect(freed.json()).toEqual({ ok: true, sessionId: user.sessionId });
    expect((await app.inject({ method: 'GET', url: `/webhook/${name}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/webhook/${user.sessionId}` })).statusCode).toBe(200);
    const mine = await app.inject({ method: 'GET', url: '/api/user/name', headers: asUser(user) });
    expect(mine.json()).toEqual({ name: null });

    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/names/${name}`,
      ...asBrowser(admin, adminCookie),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'No inspector holds this name.' });
  });
});

describe.each(storageBackends)('names and the limit on new sessions on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres, sessionsPerMinute: 2 });
  });
  afterAll(() => app.close());

  it('claiming a name counts against SESSIONS_PER_MINUTE; dropping one does not', async () => {
    const remoteAddress = '198.51.100.21';
    const started = await app.inject({ method: 'POST', url: '/api/user', payload: {}, remoteAddress });
    const user = started.json<SessionUser>();
    const claim = (name: string | null) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/name',
        headers: asUser(user),
        payload: { name },
        remoteAddress,
      });
    expect((await claim(freshName())).statusCode).toBe(200);
    const refused = await claim(freshName());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_SESSIONS_MESSAGE });
    expect((await claim(null)).statusCode).toBe(200);
  });
});
