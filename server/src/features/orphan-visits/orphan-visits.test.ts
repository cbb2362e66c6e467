import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrphanVisits } from '../../../../shared/orphan-visits.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';
import { CHROME_UA, createLink } from '../short-links/test-helpers.js';
import { createOrphanVisitsRepo } from './orphan-visits.repo.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(storageBackends)('orphan visits on $name', ({ postgres }) => {
  let store: AdminTestStore;
  let app: FastifyInstance;
  let owner: SessionUser;
  let stranger: SessionUser;
  let adminCookie: string;
  let admin: SessionUser;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
    app = store.app;
    owner = await createSession(app);
    stranger = await createSession(app);
    admin = await createSession(app);
    adminCookie = await becomeAdmin(store, app, admin);
  });
  afterAll(() => store.close());

  function open(alias: string, method: 'GET' | 'HEAD' = 'GET') {
    return app.inject({
      method,
      url: `/s/${alias}`,
      headers: { 'user-agent': CHROME_UA, referer: 'https://print.example/flyer' },
      remoteAddress: '203.0.113.50',
    });
  }

  async function sessionView(user: SessionUser): Promise<OrphanVisits> {
    const response = await app.inject({ method: 'GET', url: '/api/orphan-visits', headers: asUser(user) });
    expect(response.statusCode).toBe(200);
    return response.json<OrphanVisits>();
  }

  async function adminView() {
    return app.inject({ method: 'GET', url: '/api/admin/orphan-visits', ...asBrowser(admin, adminCookie) });
  }

  it('keeps visits to unknown short links for the operator, counted by alias, without IP addresses', async () => {
    expect((await open('typo-flyer')).statusCode).toBe(404);
    await open('typo-flyer');
    await open('other-typo');
    // HEAD (link checkers) and ids no link could have are not kept.
    await open('typo-flyer', 'HEAD');
    await open('no');
    const response = await adminView();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('203.0.113.50');
    const view = response.json<OrphanVisits>();
    expect(view.byAlias.filter((entry) => ['typo-flyer', 'other-typo'].includes(entry.alias))).toEqual([
      { alias: 'typo-flyer', visits: 2, lastVisitAt: expect.stringMatching(ISO) },
      { alias: 'other-typo', visits: 1, lastVisitAt: expect.stringMatching(ISO) },
    ]);
    expect(view.byAlias.some((entry) => entry.alias === 'no')).toBe(false);
    expect(view.recent[0]).toEqual({
      alias: 'other-typo',
      visitedAt: expect.stringMatching(ISO),
      referer: 'https://print.example/flyer',
      userAgent: CHROME_UA,
    });
    // Not the sessions' own: no session gave these aliases up.
    expect((await sessionView(owner)).total).toBe(0);
  });

  it('answers 403 to a session that is not an admin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/orphan-visits',
      headers: asUser(owner),
    });
    expect(response.statusCode).toBe(403);
  });

  it('shows a session the visits to aliases it deleted or renamed away, and no one else', async () => {
    const deleted = await createLink(app, owner, 'https://example.com/a', { alias: 'spring-sale' });
    const renamed = await createLink(app, owner, 'https://example.com/b', { alias: 'old-name' });
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/urls/${deleted.id}`,
      headers: asUser(owner),
    });
    expect(removal.statusCode).toBe(200);
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/urls/${renamed.id}`,
      headers: asUser(owner),
      payload: { url: 'https://example.com/b', alias: 'new-name' },
    });
    expect(rename.statusCode).toBe(200);
    await open('spring-sale');
    await open('spring-sale');
    await open('old-name');
    expect((await open('new-name')).statusCode).toBe(302);
    const view = await sessionView(owner);
    expect(view.total).toBe(3);
    expect(view.byAlias).toEqual([
      { alias: 'spring-sale', visits: 2, lastVisitAt: expect.stringMatching(ISO) },
      { alias: 'old-name', visits: 1, lastVisitAt: expect.stringMatching(ISO) },
    ]);
    expect(view.recent.map((entry) => entry.alias)).toEqual(['old-name', 'spring-sale', 'spring-sale']);
    expect(await sessionView(stranger)).toEqual({ total: 0, byAlias: [], recent: [] });
  });

  it('keeps only the most recent rows and none older than the maximum age', async () => {
    const repo = createOrphanVisitsRepo(store.database.db, 5);
    const base = Date.UTC(2030, 0, 1);
    for (let index = 0; index < 12; index++) {
      await repo.insert(
        { alias: `flood-${index}`, visitedAt: base + index, referer: null, userAgent: null },
        0,
        0,
      );
    }
    const kept = await repo.read(null);
    expect(kept.total).toBe(5);
    expect(kept.recent.map((entry) => entry.alias)).toEqual([
      'flood-11',
      'flood-10',
      'flood-9',
      'flood-8',
      'flood-7',
    ]);
    await repo.insert(
      { alias: 'fresh', visitedAt: base + 100, referer: null, userAgent: null },
      0,
      base + 50,
    );
    expect((await repo.read(null)).recent.map((entry) => entry.alias)).toEqual(['fresh']);
  });
});
