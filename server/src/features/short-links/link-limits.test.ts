import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLink, ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';
import { createLink, visit } from './test-helpers.js';

describe.each(storageBackends)('link create limits and admin links on $name', ({ postgres }) => {
  let store: AdminTestStore;
  let app: FastifyInstance;
  let admin: SessionUser;
  let adminCookie: string;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
    app = store.app;
    admin = await createSession(app);
    adminCookie = await becomeAdmin(store, app, admin);
  });
  afterAll(() => store.close());

  function asAdmin(options: InjectOptions): Promise<LightMyRequestResponse> {
    return app.inject({ ...options, ...asBrowser(admin, adminCookie) });
  }

  describe('creating links', () => {
    function create(target: FastifyInstance, user: SessionUser, remoteAddress: string) {
      return target.inject({
        method: 'POST',
        url: '/api/urls',
        headers: asUser(user),
        payload: { url: 'https://example.com/x' },
        remoteAddress,
      });
    }

    it('allows LINK_CREATE_PER_MINUTE per session, then answers 429 with Retry-After', async () => {
      const limited = await store.buildApp({ linkCreatePerMinute: 3, linkCreatePerDay: 100 });
      const user = await createSession(limited);
      for (let index = 0; index < 3; index++) {
        expect((await create(limited, user, `10.1.0.${index}`)).statusCode).toBe(201);
      }
      const refused = await create(limited, user, '10.1.0.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'You have created 3 links in the last minute. Please wait a moment before creating more.',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another session from another address is not held up.
      expect((await create(limited, await createSession(limited), '10.1.1.1')).statusCode).toBe(201);
    });

    it('counts per IP address across sessions, and per day', async () => {
      const limited = await store.buildApp({ linkCreatePerMinute: 100, linkCreatePerDay: 2 });
      for (let index = 0; index < 2; index++) {
        expect((await create(limited, await createSession(limited), '10.2.0.1')).statusCode).toBe(201);
      }
      const refused = await create(limited, await createSession(limited), '10.2.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'You have created 2 links in the last 24 hours, the most allowed. Please try again later.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    });

    it('holds across instances creating at the same time', async () => {
      const first = await store.buildApp({ linkCreatePerMinute: 5, linkCreatePerDay: 100 });
      const second = await store.buildApp({ linkCreatePerMinute: 5, linkCreatePerDay: 100 });
      const user = await createSession(first);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) => create(index % 2 ? first : second, user, `10.3.0.${index}`)),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
    });

    it('counts deleted links too', async () => {
      const limited = await store.buildApp({ linkCreatePerMinute: 1, linkCreatePerDay: 100 });
      const user = await createSession(limited);
      const created = (await create(limited, user, '10.4.0.1')).json<ShortUrl>();
      const deleted = await limited.inject({
        method: 'DELETE',
        url: `/api/urls/${created.id}`,
        headers: asUser(user),
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ ok: true });
      expect((await create(limited, user, '10.4.0.2')).statusCode).toBe(429);
    });
  });

  describe('click limit on several instances', () => {
    it('holds when two instances count at once', async () => {
      const other = await store.buildApp();
      const user = await createSession(app);
      const link = await createLink(app, user, 'https://example.com/limited', { maxClicks: 4 });
      const visits = await Promise.all(
        Array.from({ length: 20 }, (_, index) => visit(index % 2 ? app : other, link.id)),
      );
      expect(visits.filter((visitResponse) => visitResponse.statusCode === 302)).toHaveLength(4);
    });
  });

  describe('admin links', () => {
    const ROUTES: { name: string; method: 'GET' | 'PUT'; url: string; payload?: object }[] = [
      { name: 'the search', method: 'GET', url: '/api/admin/links?q=example' },
      { name: 'disabling', method: 'PUT', url: '/api/admin/links/abcdefg', payload: { disabled: true } },
    ];

    it.each(ROUTES)('answer 401 without a session: $name', async ({ method, url, payload }) => {
      const response = await app.inject({ method, url, ...(payload && { payload }) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });

    it.each(ROUTES)(
      'answer 403 to a session that is not an admin: $name',
      async ({ method, url, payload }) => {
        const user = await createSession(app);
        const response = await app.inject({
          method,
          url,
          headers: asUser(user),
          ...(payload && { payload }),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          error: 'Admin rights are required for this. Ask the server operator for an admin link.',
        });
      },
    );

    it('finds links of any session by destination host or by id', async () => {
      const user = await createSession(app);
      const byHost = await createLink(app, user, 'https://shop.findme.example/product?ref=1');
      await createLink(app, user, 'https://other.example/findme.example');
      const search = async (q: string) =>
        (await asAdmin({ method: 'GET', url: `/api/admin/links?q=${encodeURIComponent(q)}` })).json<
          AdminLink[]
        >();
      const found = await search('findme.example');
      expect(found.map((link) => link.id)).toEqual([byHost.id]);
      expect(found[0]).toMatchObject({ ownerSessionId: user.sessionId, clicks: 0, state: 'active' });
      expect((await search(byHost.id)).map((link) => link.id)).toEqual([byHost.id]);
      expect(await search('nothing-like-this.example')).toEqual([]);
    });

    it('disables a link (410 "This link was disabled") and enables it again', async () => {
      const user = await createSession(app);
      const link = await createLink(app, user);
      const disabled = await asAdmin({
        method: 'PUT',
        url: `/api/admin/links/${link.id}`,
        payload: { disabled: true },
      });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json<AdminLink>()).toMatchObject({
        id: link.id,
        state: 'disabled',
        disabledAt: expect.any(String),
      });
      const page = await visit(app, link.id);
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('This link was disabled');

      const enabled = await asAdmin({
        method: 'PUT',
        url: `/api/admin/links/${link.id}`,
        payload: { disabled: false },
      });
      expect(enabled.json<AdminLink>()).toMatchObject({ state: 'active', disabledAt: null });
      expect((await visit(app, link.id)).statusCode).toBe(302);
    });

    it('answers 404 for an unknown link and 400 for a malformed body', async () => {
      const missing = await asAdmin({
        method: 'PUT',
        url: '/api/admin/links/nosuchlink',
        payload: { disabled: true },
      });
      expect(missing.statusCode).toBe(404);
      const link = await createLink(app, admin);
      const malformed = await asAdmin({
        method: 'PUT',
        url: `/api/admin/links/${link.id}`,
        payload: { disabled: 'yes' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'disabled: disabled must be true or false.' });
    });
  });
});
