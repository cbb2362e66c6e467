/**
 * Read keys, route by route: on every route that takes a session (the server's own list), a key
 * of scope `read` lists, reads, searches, exports and waits, and is refused with 403 everywhere
 * else, so a route added later is closed to it until it says it only reads.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, NewApiKey } from '../../../../shared/access.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { READ_KEY_MESSAGE } from '../../http/route-access.js';
import { asGet, sessionRequest, sessionRoutesOf } from './session-routes.js';
import { asKey } from './test-helpers.js';

/** What a read key may call; HEAD twins of these GET routes too. */
const READ_ROUTES = [
  'GET /api/events',
  'GET /api/events/count',
  'GET /api/events/export',
  'GET /api/events/:id/body',
  'GET /api/events/wait',
  'GET /api/stream',
];

function expectForbidden(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
  // HEAD: no body to read; an admin route refuses a key that is no admin's before asking its scope.
  if (response.body === '' || what.includes(' /api/admin/')) return;
  expect(response.json<{ error: string }>().error, what).toBe(READ_KEY_MESSAGE);
}

describe.each(storageBackends)('read keys on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let readKey: NewApiKey;
  let eventId: number;
  let linkId: string;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(owner),
      payload: { name: 'dashboard', scope: 'read' },
    });
    readKey = created.json<NewApiKey>();
    const captured = await app.inject({
      method: 'POST',
      url: `/webhook/${owner.sessionId}`,
      payload: 'kept',
    });
    eventId = captured.json<{ id: number }>().id;
    const link = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: asUser(owner),
      payload: { url: 'https://example.com/kept' },
    });
    linkId = link.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('a key is made with scope read, listed with it; scope defaults to full and takes nothing else', async () => {
    expect(readKey.scope).toBe('read');
    const keys = await app.inject({ method: 'GET', url: '/api/keys', headers: asUser(owner) });
    expect(keys.json<ApiKey[]>().map((key) => [key.name, key.scope])).toEqual([['dashboard', 'read']]);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(owner),
      payload: { name: 'x', scope: 'admin' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toContain('scope must be full or read');
  });

  it('every route that takes a session: the read routes answer, every other one 403, and nothing changes', async () => {
    const routes = sessionRoutesOf(app);
    expect(routes.length).toBeGreaterThan(40);
    for (const route of READ_ROUTES) expect(routes).toContain(route);
    for (const route of routes) {
      const request = sessionRequest(route, { eventId, linkId });
      if (route === 'GET /api/stream') request.url = '/api/stream?after=not-an-id';
      if (route === 'GET /api/events/wait') request.url = '/api/events/wait?timeout=0';
      const response = await app.inject({ ...request, headers: asKey(readKey.key) });
      if (READ_ROUTES.includes(asGet(route))) {
        expect([401, 403], `${route}: ${response.body}`).not.toContain(response.statusCode);
      } else expectForbidden(response, route);
    }
    const events = await app.inject({ method: 'GET', url: '/api/events', headers: asKey(readKey.key) });
    expect(events.json<WebhookEvent[]>().map((event) => event.id)).toEqual([eventId]);
    const links = await app.inject({ method: 'GET', url: '/api/urls', headers: asUser(owner) });
    expect(links.json<{ url: string }[]>().map((link) => link.url)).toEqual(['https://example.com/kept']);
    const keys = await app.inject({ method: 'GET', url: '/api/keys', headers: asUser(owner) });
    expect(keys.json<ApiKey[]>()).toHaveLength(1);
  });

  it('reads what the session holds: the list, a search, an export', async () => {
    const headers = asKey(readKey.key);
    const found = await app.inject({ method: 'GET', url: '/api/events?q=kept', headers });
    expect(found.json<WebhookEvent[]>().map((event) => event.id)).toEqual([eventId]);
    const exported = await app.inject({ method: 'GET', url: '/api/events/export?format=ndjson', headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('"body":"kept"');
  });

  it('does not resume the session (which would hand over its id and cookie)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: asKey(readKey.key),
      payload: {},
    });
    expectForbidden(response, 'POST /api/user');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).not.toContain(owner.sessionId);
  });

  it('may watch the event stream but not answer for the captures (respond=1)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/stream?respond=1',
      headers: asKey(readKey.key),
    });
    expectForbidden(response, 'respond=1');
  });
});
