import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { Suggestion, SuggestionStats } from '../../../../shared/suggestions.js';
import { storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { signAdminCookie } from '../admin/admin-cookie.js';
import { revokeAdmin } from '../admin/admin-grants.js';
import { asBrowser, becomeAdmin, openAdminTestApp, type AdminTestApp } from '../admin/test-helpers.js';

const ADMIN_ROUTES: { name: string; method: 'GET' | 'PUT'; url: string; payload?: object }[] = [
  { name: 'the full list', method: 'GET', url: '/api/admin/suggestions' },
  { name: 'the list by status', method: 'GET', url: '/api/admin/suggestions/pending' },
  { name: 'the stats', method: 'GET', url: '/api/admin/suggestions-stats' },
  { name: 'the update', method: 'PUT', url: '/api/admin/suggestions/1', payload: { status: 'approved' } },
];

describe.each(storageBackends)('admin suggestions on $name', ({ postgres }) => {
  let store: AdminTestApp;
  let app: FastifyInstance;
  let admin: SessionUser;
  let adminCookie: string;

  beforeAll(async () => {
    store = await openAdminTestApp(postgres);
    ({ app, admin, adminCookie } = store);
  });
  afterAll(() => store.close());

  const asAdmin = (options: InjectOptions) => store.asAdmin(options);

  async function suggest(user: SessionUser, title: string): Promise<Suggestion> {
    const payload = { title, description: `About ${title}`, category: 'improvement', email: '' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/suggestions',
      headers: asUser(user),
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<Suggestion>();
  }

  async function update(id: number | string, payload: object) {
    return asAdmin({ method: 'PUT', url: `/api/admin/suggestions/${id}`, payload });
  }

  describe.each(ADMIN_ROUTES)('$name', (route) => {
    const request = { method: route.method, url: route.url, payload: route.payload };

    it('answers 401 without a session', async () => {
      expect((await app.inject(request)).statusCode).toBe(401);
    });

    it('answers 403 to a session that is not an admin in this browser', async () => {
      const stranger = await createSession(app);
      const forged = signAdminCookie('guess', { sessionId: admin.sessionId, generation: 0 });
      const attempts = [
        asBrowser(stranger, null),
        asBrowser(admin, null),
        asBrowser(admin, forged),
        asBrowser(stranger, adminCookie),
      ];
      for (const browser of attempts) {
        const response = await app.inject({ ...request, ...browser });
        expect(response.statusCode).toBe(403);
        expect(response.json<{ error: string }>().error).toContain('Admin rights are required');
      }
    });

    it('answers 403 once the admin’s rights are revoked', async () => {
      const former = await createSession(app);
      const cookie = await becomeAdmin(store, app, former);
      await revokeAdmin(store.database.db, former.sessionId);
      expect((await app.inject({ ...request, ...asBrowser(former, cookie) })).statusCode).toBe(403);
    });
  });

  it('lists every user’s suggestions newest first, with the sender’s session', async () => {
    const [alice, bob] = [await createSession(app), await createSession(app)];
    const first = await suggest(alice, 'from alice');
    const second = await suggest(bob, 'from bob');
    const list = (await asAdmin({ method: 'GET', url: '/api/admin/suggestions' })).json<Suggestion[]>();
    expect(list.slice(0, 2).map((suggestion) => suggestion.id)).toEqual([second.id, first.id]);
    expect(list[0]?.user.sessionId).toBe(bob.sessionId);
    expect(list[1]?.user.sessionId).toBe(alice.sessionId);
  });

  it('updates status and notes and answers the updated suggestion', async () => {
    const sent = await suggest(await createSession(app), 'to approve');
    const response = await update(sent.id, { status: 'approved', adminNotes: 'Planned for next release' });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Suggestion>();
    expect(updated).toMatchObject({
      id: sent.id,
      status: 'approved',
      adminNotes: 'Planned for next release',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(sent.createdAt));

    // Notes left out stay; empty notes are cleared.
    expect((await update(sent.id, { status: 'in_progress' })).json<Suggestion>().adminNotes).toBe(
      'Planned for next release',
    );
    expect(
      (await update(sent.id, { status: 'in_progress', adminNotes: '' })).json<Suggestion>().adminNotes,
    ).toBeNull();
  });

  it('filters by status and refuses an unknown status', async () => {
    const sent = await suggest(await createSession(app), 'to reject');
    await update(sent.id, { status: 'rejected', adminNotes: 'Out of scope' });
    const rejected = (await asAdmin({ method: 'GET', url: '/api/admin/suggestions/rejected' })).json<
      Suggestion[]
    >();
    expect(rejected.map((suggestion) => suggestion.id)).toContain(sent.id);
    expect(rejected.every((suggestion) => suggestion.status === 'rejected')).toBe(true);
    const unknown = await asAdmin({ method: 'GET', url: '/api/admin/suggestions/done' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain('Status must be one of');
  });

  it('counts suggestions per status, every status included', async () => {
    const before = (
      await asAdmin({ method: 'GET', url: '/api/admin/suggestions-stats' })
    ).json<SuggestionStats>();
    const sent = await suggest(await createSession(app), 'to count');
    await update(sent.id, { status: 'in_progress' });
    await suggest(await createSession(app), 'still pending');
    const after = (
      await asAdmin({ method: 'GET', url: '/api/admin/suggestions-stats' })
    ).json<SuggestionStats>();
    expect(after.byStatus.map((entry) => entry.status)).toEqual([
      'pending',
      'approved',
      'rejected',
      'in_progress',
    ]);
    expect(after.total).toBe(before.total + 2);
    expect(after.pending).toBe(before.pending + 1);
    const inProgress = (stats: SuggestionStats) =>
      stats.byStatus.find((entry) => entry.status === 'in_progress');
    expect(inProgress(after)?.count).toBe((inProgress(before)?.count ?? 0) + 1);
  });

  it('answers 404 for an unknown suggestion and 400 for a bad update', async () => {
    expect((await update(987654, { status: 'approved' })).statusCode).toBe(404);
    expect((await update('abc', { status: 'approved' })).statusCode).toBe(404);
    const sent = await suggest(await createSession(app), 'bad update');
    const bad = await update(sent.id, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    const tooLong = await update(sent.id, { status: 'approved', adminNotes: 'x'.repeat(5001) });
    expect(tooLong.json<{ error: string }>().error).toContain('at most 5,000');
  });
});
