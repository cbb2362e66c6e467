import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatus } from '../../../../shared/admin.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { signAdminCookie } from './admin-cookie.js';
import { grantAdmin, revokeAdmin } from './admin-grants.js';
import { CLAIM_TOKEN_TTL_MS, newClaimToken } from './admin-token.js';
import {
  adminCookieOf,
  asBrowser,
  becomeAdmin,
  openAdminTestStore,
  openClaimLink,
  tokenOf,
  type AdminTestStore,
} from './test-helpers.js';

describe.each(storageBackends)('admin rights on $name', ({ postgres }) => {
  let store: AdminTestStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
    app = store.app;
  });

  afterAll(async () => {
    await store.close();
  });

  async function isAdmin(
    target: FastifyInstance,
    user: SessionUser | null,
    cookie: string | null,
  ): Promise<boolean> {
    const browser = user ? asBrowser(user, cookie) : { headers: {}, cookies: {} };
    const response = await target.inject({ method: 'GET', url: '/api/admin/check-status', ...browser });
    expect(response.statusCode).toBe(200);
    return response.json<AdminStatus>().isAdmin;
  }

  async function grantLink(user: SessionUser, now?: () => number): Promise<string> {
    const { claimUrl } = await grantAdmin(store.database.db, user.sessionId, store.config, { now });
    return tokenOf(claimUrl);
  }

  it('says no, never 401, to visitors without a session or without an admin cookie', async () => {
    expect(await isAdmin(app, null, null)).toBe(false);
    expect(await isAdmin(app, await createSession(app), null)).toBe(false);
  });

  it('does not make an admin of a browser that merely knows a granted session id', async () => {
    const owner = await createSession(app);
    await grantLink(owner);
    expect(await isAdmin(app, owner, null)).toBe(false);
  });

  it('makes the browser holding the granted session an admin: cookie, redirect to /admin', async () => {
    const owner = await createSession(app);
    const response = await openClaimLink(app, await grantLink(owner), owner);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin');
    const cookie = response.cookies.find((candidate) => candidate.name === 'hookbay_admin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(await isAdmin(app, owner, adminCookieOf(response))).toBe(true);
  });

  it('works only once', async () => {
    const owner = await createSession(app);
    const token = await grantLink(owner);
    expect((await openClaimLink(app, token, owner)).statusCode).toBe(302);
    const again = await openClaimLink(app, token, owner);
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain('<h1 class="h4 mb-3">This admin link cannot be used</h1>');
    expect(again.body).toContain('already been used');
    expect(adminCookieOf(again)).toBeNull();
  });

  it('refuses an expired link', async () => {
    const owner = await createSession(app);
    const token = await grantLink(owner, () => Date.now() - CLAIM_TOKEN_TTL_MS - 1000);
    const response = await openClaimLink(app, token, owner);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('expired');
    expect(adminCookieOf(response)).toBeNull();
  });

  it('refuses an unknown or malformed link', async () => {
    const owner = await createSession(app);
    for (const token of [newClaimToken(), 'not-a-token']) {
      const response = await openClaimLink(app, token, owner);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('not valid');
      expect(adminCookieOf(response)).toBeNull();
    }
  });

  it('refuses a browser holding another session, or none, and keeps the link for the right one', async () => {
    const owner = await createSession(app);
    const stranger = await createSession(app);
    const token = await grantLink(owner);
    for (const browser of [stranger, null]) {
      const response = await openClaimLink(app, token, browser);
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain(
        'Open this link in the browser where you use Hookbay, at the same address',
      );
      expect(adminCookieOf(response)).toBeNull();
    }
    expect((await openClaimLink(app, token, owner)).statusCode).toBe(302);
  });

  it('tells a browser at localhost that opened a link for 127.0.0.1 what to do, on a styled page', async () => {
    const owner = await createSession(app);
    const token = await grantLink(owner);
    // The browser uses Hookbay at 127.0.0.1:3000, so at localhost:3000 it holds no session.
    const atLocalhost = await app.inject({
      method: 'GET',
      url: `/api/admin/claim/${token}`,
      headers: { host: 'localhost:3000' },
    });
    expect(atLocalhost.statusCode).toBe(403);
    expect(atLocalhost.headers['content-type']).toContain('text/html');
    expect(atLocalhost.headers['content-security-policy']).toContain("script-src 'self'");
    expect(atLocalhost.body).toContain('<h1 class="h4 mb-3">Open this link where you use Hookbay</h1>');
    expect(atLocalhost.body).toContain(
      'Open this link in the browser where you use Hookbay, at the same address (for example http://127.0.0.1:3000 rather than http://localhost:3000): a browser keeps a separate session for each address. This browser has no Hookbay session at http://localhost:3000.',
    );
    expect(atLocalhost.body).not.toContain('another session');
    const alternative = `http://127.0.0.1:3000/api/admin/claim/${token}`;
    expect(atLocalhost.body).toContain(`href="${alternative}">Open it at http://127.0.0.1:3000</a>`);

    // The offered link, opened where the session lives, works.
    const atLoopbackIp = await app.inject({
      method: 'GET',
      url: new URL(alternative).pathname,
      headers: { host: '127.0.0.1:3000' },
      cookies: { hookbay_session: owner.sessionId },
    });
    expect(atLoopbackIp.statusCode).toBe(302);
    expect(adminCookieOf(atLoopbackIp)).not.toBeNull();
  });

  it('stops every admin cookie of a session once its rights are revoked', async () => {
    const owner = await createSession(app);
    const cookie = await becomeAdmin(store, app, owner);
    expect(await revokeAdmin(store.database.db, owner.sessionId)).toEqual({ wasAdmin: true });
    expect(await isAdmin(app, owner, cookie)).toBe(false);

    // Granting again needs a new claim; the old cookie stays dead.
    const fresh = await becomeAdmin(store, app, owner);
    expect(await isAdmin(app, owner, fresh)).toBe(true);
    expect(await isAdmin(app, owner, cookie)).toBe(false);
  });

  it('refuses a link made before a revoke', async () => {
    const owner = await createSession(app);
    const token = await grantLink(owner);
    await revokeAdmin(store.database.db, owner.sessionId);
    const response = await openClaimLink(app, token, owner);
    expect(response.statusCode).toBe(400);
    expect(adminCookieOf(response)).toBeNull();
  });

  it('refuses forged cookies', async () => {
    const owner = await createSession(app);
    const real = await becomeAdmin(store, app, owner);
    const [sessionId, generation] = real.split('.');
    const forgeries = [
      'yes',
      signAdminCookie('a guessed secret', { sessionId: owner.sessionId, generation: 0 }),
      `${sessionId}.${Number(generation) + 1}.${real.split('.')[2]}`,
      `${real.slice(0, -10)}${real.at(-10) === 'A' ? 'B' : 'A'}${real.slice(-9)}`,
    ];
    for (const forged of forgeries) expect(await isAdmin(app, owner, forged)).toBe(false);
  });

  it('refuses an admin cookie copied to another session, even another admin’s', async () => {
    const first = await createSession(app);
    const second = await createSession(app);
    const firstCookie = await becomeAdmin(store, app, first);
    expect(await isAdmin(app, second, firstCookie)).toBe(false);
    await becomeAdmin(store, app, second);
    expect(await isAdmin(app, second, firstCookie)).toBe(false);
  });

  it('shares the generated secret between instances on one database', async () => {
    const owner = await createSession(app);
    const cookie = await becomeAdmin(store, app, owner);
    const secondInstance = await store.buildApp();
    expect(await isAdmin(secondInstance, owner, cookie)).toBe(true);
    // ADMIN_SECRET replaces the stored secret, so cookies signed with the old one stop working.
    const reconfigured = await store.buildApp({ adminSecret: 'operator-chosen-secret' });
    expect(await isAdmin(reconfigured, owner, cookie)).toBe(false);
  });
});
