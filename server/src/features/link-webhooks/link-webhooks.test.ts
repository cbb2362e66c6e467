import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINK_WEBHOOKS_PER_SESSION } from '../../../../shared/link-webhooks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { parsePublicOrigin } from '../../config.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createLink } from '../short-links/test-helpers.js';
import { ENDPOINT_NOT_FOUND_MESSAGE, TOO_MANY_ENDPOINTS_MESSAGE } from './link-webhooks.service.js';
import { addEndpoint, listDeliveries, listEndpoints } from './test-helpers.js';

const TARGET = 'https://hooks.example.net/in';

describe.each(storageBackends)('click webhook endpoints API on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let stranger: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
    stranger = await createSession(app);
  });
  afterAll(() => app.close());

  function call(
    method: 'POST' | 'PATCH' | 'GET' | 'DELETE',
    url: string,
    user: SessionUser | null,
    payload?: object,
  ) {
    return app.inject({ method, url, headers: user ? asUser(user) : {}, ...(payload && { payload }) });
  }

  it('answers 401 on every call without a session', async () => {
    const calls = [
      call('GET', '/api/link-webhooks', null),
      call('POST', '/api/link-webhooks', null, { url: TARGET }),
      call('PATCH', '/api/link-webhooks/ep_x', null, { enabled: true }),
      call('DELETE', '/api/link-webhooks/ep_x', null),
      call('GET', '/api/link-webhooks/ep_x/deliveries', null),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('creates an endpoint for all links and every event, with a whsec_ secret it lists again', async () => {
    const user = await createSession(app);
    const response = await call('POST', '/api/link-webhooks', user, { url: TARGET });
    expect(response.statusCode).toBe(201);
    const endpoint = response.json();
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^ep_/),
      url: TARGET,
      linkId: null,
      events: ['click', 'link.created', 'link.updated', 'link.deleted', 'link.broken'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      status: 'active',
      disabledReason: null,
      failureCount: 0,
      droppedCount: 0,
      lastDelivery: null,
      createdAt: expect.any(String),
      linkDeletedAt: null,
    });
    expect(Buffer.from(endpoint.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(await listEndpoints(app, user)).toEqual([endpoint]);
    expect(await listDeliveries(app, user, endpoint.id)).toEqual([]);
  });

  it('creates an endpoint for one of the session’s links and chosen events', async () => {
    const link = await createLink(app, owner);
    const endpoint = await addEndpoint(app, owner, {
      url: TARGET,
      linkId: link.id,
      events: ['link.deleted', 'click'],
    });
    expect(endpoint).toMatchObject({ linkId: link.id, events: ['click', 'link.deleted'] });
  });

  it('refuses another session’s link, bad URLs and unknown events', async () => {
    const link = await createLink(app, owner);
    const cases: [object, number, string][] = [
      [{ url: TARGET, linkId: link.id }, 404, 'This short URL does not exist or was deleted.'],
      [
        { url: 'ftp://example.com/in' },
        400,
        'url: The endpoint URL must be a full http:// or https:// address.',
      ],
      [{ url: 'not a url' }, 400, 'url: The endpoint URL must be a full http:// or https:// address.'],
      [
        { url: TARGET, events: ['open'] },
        400,
        'events[0]: events may hold click, link.created, link.updated, link.deleted, link.broken.',
      ],
      [{ url: TARGET, events: [] }, 400, 'events: Choose at least one event.'],
    ];
    for (const [body, status, error] of cases) {
      const response = await call('POST', '/api/link-webhooks', stranger, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual({ error });
    }
    expect(await listEndpoints(app, stranger)).toEqual([]);
  });

  it('refuses loopback and private targets while REPLAY_ALLOW_PRIVATE is off', async () => {
    for (const url of ['http://127.0.0.1:9/in', 'http://10.1.2.3/in', 'http://[::1]/in']) {
      const response = await call('POST', '/api/link-webhooks', stranger, { url });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/^Delivery to .* is refused: it resolves to/);
    }
  });

  it('treats the instance’s own webhook URL like any target: on loopback it needs REPLAY_ALLOW_PRIVATE, PUBLIC_URL or not', async () => {
    const publicOrigin = parsePublicOrigin('http://127.0.0.1:3999');
    for (const replayAllowPrivate of [false, true]) {
      const own = await buildTestApp({ postgres, publicOrigin, replayAllowPrivate });
      try {
        const user = await createSession(own);
        const response = await own.inject({
          method: 'POST',
          url: '/api/link-webhooks',
          headers: asUser(user),
          payload: { url: `http://127.0.0.1:3999/webhook/${user.sessionId}` },
        });
        expect(response.statusCode, response.body).toBe(replayAllowPrivate ? 201 : 403);
      } finally {
        await own.close();
      }
    }
  });

  it(`holds at most ${MAX_LINK_WEBHOOKS_PER_SESSION} endpoints per session`, async () => {
    const user = await createSession(app);
    for (let made = 0; made < MAX_LINK_WEBHOOKS_PER_SESSION; made++)
      await addEndpoint(app, user, { url: TARGET });
    const response = await call('POST', '/api/link-webhooks', user, { url: TARGET });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: TOO_MANY_ENDPOINTS_MESSAGE });
    expect(await listEndpoints(app, user)).toHaveLength(MAX_LINK_WEBHOOKS_PER_SESSION);
  });

  it('edits url and events, turns off and on, and deletes', async () => {
    const user = await createSession(app);
    const endpoint = await addEndpoint(app, user, { url: TARGET });
    const edited = await call('PATCH', `/api/link-webhooks/${endpoint.id}`, user, {
      url: 'https://other.example.net/x',
      events: ['click'],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...endpoint, url: 'https://other.example.net/x', events: ['click'] });
    const off = await call('PATCH', `/api/link-webhooks/${endpoint.id}`, user, { enabled: false });
    expect(off.json()).toMatchObject({ status: 'disabled', disabledReason: 'Turned off by its owner.' });
    const on = await call('PATCH', `/api/link-webhooks/${endpoint.id}`, user, { enabled: true });
    expect(on.json()).toMatchObject({ status: 'active', disabledReason: null, failureCount: 0 });
    const empty = await call('PATCH', `/api/link-webhooks/${endpoint.id}`, user, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Send at least one of url, events and enabled.' });
    const deleted = await call('DELETE', `/api/link-webhooks/${endpoint.id}`, user);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await listEndpoints(app, user)).toEqual([]);
  });

  it('answers 404 for another session’s endpoint', async () => {
    const endpoint = await addEndpoint(app, owner, { url: TARGET });
    const calls = [
      call('PATCH', `/api/link-webhooks/${endpoint.id}`, stranger, { enabled: false }),
      call('DELETE', `/api/link-webhooks/${endpoint.id}`, stranger),
      call('GET', `/api/link-webhooks/${endpoint.id}/deliveries`, stranger),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: ENDPOINT_NOT_FOUND_MESSAGE });
    }
    expect((await listEndpoints(app, owner)).find(({ id }) => id === endpoint.id)?.status).toBe('active');
  });
});
