/**
 * Every route the server registers, on a private session: the session id alone (header, query or
 * cookie) reads and changes nothing, a key works. The route list is the app's own, so a new route
 * is checked the day it is added; the few routes that take no session say why in session-routes.ts.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionStart } from '../../../../shared/access.js';
import { SESSION_COOKIE, type SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { visit } from '../short-links/test-helpers.js';
import { sessionRequest, sessionRoutesOf } from './session-routes.js';
import { asKey, createKey, privateSession } from './test-helpers.js';

function expectUnauthorized(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(401);
  if (response.body === '') return; // HEAD: no body to read
  expect(response.headers['content-type'], what).toMatch(/^application\/json/);
  expect(typeof response.json<{ error: unknown }>().error, what).toBe('string');
}

describe('a private session, route by route', () => {
  let app: FastifyInstance;
  let owner: { user: SessionUser; key: string };
  let eventId: number;
  let linkId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    owner = await privateSession(app);
    const captured = await app.inject({
      method: 'POST',
      url: `/webhook/${owner.user.sessionId}/before`,
      payload: 'secret',
    });
    eventId = captured.json<{ id: number }>().id;
    // Made while the session was private, with its key.
    const link = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: asKey(owner.key),
      payload: { url: 'https://example.com/private/page' },
    });
    linkId = link.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await app.close();
  });

  const requestFor = (route: string) => sessionRequest(route, { eventId, linkId });
  const sessionRoutes = () => sessionRoutesOf(app);

  it('lists the routes that take a session from the server itself', () => {
    const routes = sessionRoutes();
    // The check below has real work to do, including the routes added for keys and privacy.
    expect(routes.length).toBeGreaterThan(25);
    for (const route of [
      'GET /api/events',
      'GET /api/stream',
      'DELETE /api/keys/:id',
      'PUT /api/user/privacy',
      // What judges captures: the secrets and contracts of a private inspector need its key too.
      'GET /api/signing-secrets',
      'POST /api/signing-secrets',
      'PUT /api/signing-secrets/:id',
      'DELETE /api/signing-secrets/:id',
      'GET /api/contracts',
      'POST /api/contracts',
      'POST /api/contracts/openapi',
      'PUT /api/contracts/:id',
      'DELETE /api/contracts/:id',
    ])
      expect(routes).toContain(route);
  });

  it('every route that takes a session answers 401 to the session id alone, in the header, the query or the cookie', async () => {
    const { sessionId } = owner.user;
    for (const route of sessionRoutes()) {
      const request = requestFor(route);
      const url = String(request.url);
      const variants: [string, InjectOptions][] = [
        ['header', { ...request, headers: asUser(owner.user) }],
        ['query', { ...request, url: `${url}${url.includes('?') ? '&' : '?'}sessionId=${sessionId}` }],
        ['cookie', { ...request, cookies: { [SESSION_COOKIE]: sessionId } }],
      ];
      for (const [where, variant] of variants) {
        const response = await app.inject(variant);
        expectUnauthorized(response, `${route} (${where})`);
        // The session is fine, only private: a client can tell this from a lost session.
        if (response.body) expect(response.json(), route).toMatchObject({ private: true });
      }
    }
  });

  it('every route that takes a session is not refused with the key', async () => {
    for (const route of sessionRoutes()) {
      const request = requestFor(route);
      // The stream would stay open: an invalid cursor answers 400 once the key is accepted.
      if (route === 'GET /api/stream') request.url = '/api/stream?after=not-an-id';
      // A wait would hold the answer, and the session's request may be deleted by now (DELETE
      // routes come first): with no time to wait it answers at once.
      if (route === 'GET /api/events/wait') request.url = '/api/events/wait?timeout=0';
      const response = await app.inject({ ...request, headers: asKey(owner.key) });
      expect(response.statusCode, `${route}: ${response.body}`).not.toBe(401);
    }
  });

  it('the session id alone changes nothing: writes are refused and the data stays as it was', async () => {
    const { user, key } = await privateSession(app);
    const withKey = asKey(key);
    const captured = await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: 'x' });
    const capturedId = captured.json<{ id: number }>().id;
    const link = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: withKey,
      payload: { url: 'https://example.com/kept' },
    });
    const ownLinkId = link.json<{ id: string }>().id;

    const asId = asUser(user);
    const writes: InjectOptions[] = [
      { method: 'DELETE', url: `/api/events/${capturedId}`, headers: asId },
      { method: 'PUT', url: '/api/user/privacy', headers: asId, payload: { private: false } },
      { method: 'POST', url: '/api/keys', headers: asId, payload: { name: 'sneaky' } },
      {
        method: 'PUT',
        url: '/api/responses',
        headers: asId,
        payload: { rules: [{ responses: [{ status: 500 }] }] },
      },
      {
        method: 'PUT',
        url: `/api/urls/${ownLinkId}`,
        headers: asId,
        payload: { url: 'https://evil.example/x' },
      },
      { method: 'DELETE', url: `/api/urls/${ownLinkId}`, headers: asId },
    ];
    for (const write of writes) expectUnauthorized(await app.inject(write), `${write.method} ${write.url}`);

    const events = await app.inject({ method: 'GET', url: '/api/events', headers: withKey });
    expect(events.json<WebhookEvent[]>().map((event) => event.id)).toEqual([capturedId]);
    expect((await app.inject({ method: 'GET', url: '/api/user/privacy', headers: withKey })).json()).toEqual({
      private: true,
    });
    const keys = await app.inject({ method: 'GET', url: '/api/keys', headers: withKey });
    expect(keys.json<{ name: string }[]>().map((listed) => listed.name)).toEqual(['owner']);
    const rules = await app.inject({ method: 'GET', url: '/api/responses', headers: withKey });
    expect(rules.json()).toEqual({ rules: [] });
    const links = await app.inject({ method: 'GET', url: '/api/urls', headers: withKey });
    expect(links.json<{ id: string; url: string }[]>()).toMatchObject([
      { id: ownLinkId, url: 'https://example.com/kept' },
    ]);
  });

  it('capture keeps working at the webhook URL and below it, with any method', async () => {
    // A session of its own: the route-by-route tests above may have armed a sender test on the owner.
    const fresh = await privateSession(app);
    const { sessionId } = fresh.user;
    const ids: number[] = [];
    for (const [method, path] of [
      ['POST', ''],
      ['GET', '/github?x=1'],
      ['PUT', '/a/b'],
      ['DELETE', '/c'],
      ['PATCH', ''],
    ] as const) {
      const response = await app.inject({ method, url: `/webhook/${sessionId}${path}`, payload: 'body' });
      expect(response.statusCode, `${method} ${path}`).toBe(200);
      ids.push(response.json<{ id: number }>().id);
    }
    const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asKey(fresh.key) });
    const listedIds = listed.json<WebhookEvent[]>().map((event) => event.id);
    for (const id of ids) expect(listedIds).toContain(id);
  });

  it('short-link redirects keep working for anyone; the analytics need the key', async () => {
    const link = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: asKey(owner.key),
      payload: { url: 'https://example.com/redirect/me' },
    });
    const { id } = link.json<{ id: string }>();
    const followed = await visit(app, id);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://example.com/redirect/me');
    expect((await visit(app, id, { method: 'HEAD' })).statusCode).toBe(302);
    expectUnauthorized(
      await app.inject({ method: 'GET', url: `/s/${id}/analytics`, headers: asUser(owner.user) }),
      'analytics by id',
    );
    const analytics = await app.inject({
      method: 'GET',
      url: `/s/${id}/analytics`,
      headers: asKey(owner.key),
    });
    expect(analytics.json<{ totalClicks: number }>().totalClicks).toBe(1);
  });

  it('POST /api/user with the id alone answers {id, sessionId, private: true} and sets no cookie', async () => {
    const { user } = owner;
    const expected: SessionStart = { id: user.id, sessionId: user.sessionId, private: true };
    for (const request of [
      { payload: { sessionId: user.sessionId } },
      { headers: asUser(user), payload: {} },
      { cookies: { [SESSION_COOKIE]: user.sessionId }, payload: {} },
    ] satisfies InjectOptions[]) {
      const response = await app.inject({ method: 'POST', url: '/api/user', ...request });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // With the key: the key's session, resumed, whatever session id comes along.
    const stranger = await createSession(app);
    const withKey = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: asKey(owner.key),
      payload: { sessionId: stranger.sessionId },
    });
    expect(withKey.json()).toEqual(expected);
    expect(String(withKey.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=${user.sessionId}`);
  });

  it('the admin status of a private session by its id alone is "not an admin"', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/check-status',
      headers: asUser(owner.user),
    });
    expect(response.json()).toEqual({ isAdmin: false });
  });
});

describe('turning privacy on and off', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const privacy = (headers: Record<string, string>, value?: unknown) =>
    app.inject({
      method: value === undefined ? 'GET' : 'PUT',
      url: '/api/user/privacy',
      headers,
      ...(value === undefined ? {} : { payload: { private: value } }),
    });

  it('a session is public until made private; a public session’s answer has no private field', async () => {
    const user = await createSession(app);
    expect((await privacy(asUser(user))).json()).toEqual({ private: false });
    const resumed = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { sessionId: user.sessionId },
    });
    expect(resumed.json()).toEqual({ id: user.id, sessionId: user.sessionId });
  });

  it('turning it on needs a key to exist: without one, 409 and the session stays public', async () => {
    const user = await createSession(app);
    const refused = await privacy(asUser(user), true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(/key/i);
    expect((await privacy(asUser(user))).json()).toEqual({ private: false });
  });

  it('the session id may turn it on once a key exists; from then on only the key reads or turns it off', async () => {
    const user = await createSession(app);
    const { key } = await createKey(app, user, 'this browser');
    const on = await privacy(asUser(user), true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ private: true });

    expectUnauthorized(await privacy(asUser(user)), 'read by id');
    expectUnauthorized(await privacy(asUser(user), false), 'turn off by id');
    expect((await privacy(asKey(key))).json()).toEqual({ private: true });

    const off = await privacy(asKey(key), false);
    expect(off.json()).toEqual({ private: false });
    expect((await privacy(asUser(user))).json()).toEqual({ private: false });
    const events = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    expect(events.statusCode).toBe(200);
  });

  it('an invalid privacy body answers 400 and changes nothing', async () => {
    const user = await createSession(app);
    await createKey(app, user);
    for (const payload of [{}, { private: 'yes' }, { private: 1 }]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/user/privacy',
        headers: asUser(user),
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await privacy(asUser(user))).json()).toEqual({ private: false });
  });

  it('privacy is one session’s: another session is unaffected', async () => {
    const { user } = await privateSession(app);
    const neighbour = await createSession(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/events', headers: asUser(neighbour) })).statusCode,
    ).toBe(200);
    expectUnauthorized(
      await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) }),
      'private',
    );
  });
});
