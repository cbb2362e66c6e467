import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_HISTORY_KEPT, type LinkHistoryEntry } from '../../../../shared/link-history.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore, type AdminTestStore } from '../admin/test-helpers.js';
import { createLink } from '../short-links/test-helpers.js';

const FIRST_URL = 'https://example.com/first';
const SECOND_URL = 'https://example.com/second';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(storageBackends)('link history on $name', ({ postgres }) => {
  let store: AdminTestStore;
  let app: FastifyInstance;
  let owner: SessionUser;
  let admin: SessionUser;
  let adminCookie: string;

  beforeAll(async () => {
    store = await openAdminTestStore(postgres);
    app = store.app;
    owner = await createSession(app);
    admin = await createSession(app);
    adminCookie = await becomeAdmin(store, app, admin);
  });
  afterAll(() => store.close());

  function asAdmin(options: InjectOptions): Promise<LightMyRequestResponse> {
    return app.inject({ ...options, ...asBrowser(admin, adminCookie) });
  }

  async function edit(id: string, body: object): Promise<void> {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/urls/${id}`,
      headers: asUser(owner),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  function readHistory(id: string, user: SessionUser = owner, query = '') {
    return app.inject({ method: 'GET', url: `/api/urls/${id}/history${query}`, headers: asUser(user) });
  }

  async function historyOf(id: string, query = ''): Promise<LinkHistoryEntry[]> {
    const response = await readHistory(id, owner, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LinkHistoryEntry[]>();
  }

  it('records the creation of a link as one entry', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    const history = await historyOf(link.id);
    expect(history).toEqual([
      {
        at: expect.stringMatching(ISO),
        by: 'owner',
        kind: 'created',
        changes: { url: { from: null, to: FIRST_URL }, forwardQuery: { from: null, to: true } },
      },
    ]);
  });

  it('records the options a link was created with, the password only as "set"', async () => {
    const link = await createLink(app, owner, FIRST_URL, {
      alias: 'history-made',
      maxClicks: 5,
      password: 'never shown',
    });
    const response = await readHistory(link.id);
    expect(response.body).not.toContain('never shown');
    expect(response.body).not.toContain('scrypt');
    expect(response.json<LinkHistoryEntry[]>()[0]?.changes).toEqual({
      url: { from: null, to: FIRST_URL },
      alias: { from: null, to: 'history-made' },
      maxClicks: { from: null, to: 5 },
      password: { from: null, to: 'set' },
      forwardQuery: { from: null, to: true },
    });
  });

  it('records a new destination with what it was and what it became, newest first', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    await edit(link.id, { url: SECOND_URL });
    const history = await historyOf(link.id);
    expect(history.map((entry) => entry.kind)).toEqual(['updated', 'created']);
    expect(history[0]).toEqual({
      at: expect.stringMatching(ISO),
      by: 'owner',
      kind: 'updated',
      changes: { url: { from: FIRST_URL, to: SECOND_URL } },
    });
  });

  it('records nothing for an edit that changes nothing', async () => {
    const link = await createLink(app, owner, FIRST_URL, { maxClicks: 3 });
    await edit(link.id, { url: FIRST_URL });
    await edit(link.id, { url: FIRST_URL, maxClicks: 3 });
    expect(await historyOf(link.id)).toHaveLength(1);
  });

  it('says a password was set, changed or removed, never what it is', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    await edit(link.id, { url: FIRST_URL, password: 'first secret' });
    await edit(link.id, { url: FIRST_URL, password: 'second secret' });
    await edit(link.id, { url: FIRST_URL, password: null });
    const response = await readHistory(link.id);
    expect(response.body).not.toMatch(/secret|scrypt/);
    expect(response.json<LinkHistoryEntry[]>().map((entry) => entry.changes)).toEqual([
      { password: { from: 'set', to: null } },
      { password: { from: 'set', to: 'changed' } },
      { password: { from: null, to: 'set' } },
      { url: { from: null, to: FIRST_URL }, forwardQuery: { from: null, to: true } },
    ]);
  });

  it('records an expiry and a click limit set and removed', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    const expiresAt = '2030-01-02T03:04:05.000Z';
    await edit(link.id, { url: FIRST_URL, expiresAt, maxClicks: 10 });
    await edit(link.id, { url: FIRST_URL, expiresAt: null, maxClicks: null });
    const [removed, set] = await historyOf(link.id);
    expect(set?.changes).toEqual({
      expiresAt: { from: null, to: expiresAt },
      maxClicks: { from: null, to: 10 },
    });
    expect(removed?.changes).toEqual({
      expiresAt: { from: expiresAt, to: null },
      maxClicks: { from: 10, to: null },
    });
  });

  it('keeps the history of a renamed link under its new alias', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    await edit(link.id, { url: FIRST_URL, alias: 'history-renamed' });
    const history = await historyOf('history-renamed');
    expect(history.map((entry) => entry.changes)).toEqual([
      { alias: { from: null, to: 'history-renamed' } },
      { url: { from: null, to: FIRST_URL }, forwardQuery: { from: null, to: true } },
    ]);
    expect((await readHistory(link.id)).statusCode).toBe(404);
  });

  it('records an administrator disabling and enabling a link as by "admin"', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    for (const disabled of [true, false]) {
      const response = await asAdmin({
        method: 'PUT',
        url: `/api/admin/links/${link.id}`,
        payload: { disabled },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const [enabled, disabled] = await historyOf(link.id);
    expect(disabled).toEqual({
      at: expect.stringMatching(ISO),
      by: 'admin',
      kind: 'disabled',
      changes: { disabledAt: { from: null, to: expect.stringMatching(ISO) } },
    });
    expect(enabled).toMatchObject({ by: 'admin', kind: 'enabled' });
    expect(enabled?.changes.disabledAt?.to).toBeNull();
  });

  it('answers 404 to another session and 401 without one', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    const stranger = await createSession(app);
    const response = await readHistory(link.id, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'This short URL does not exist or was deleted.' });
    const anonymous = await app.inject({ method: 'GET', url: `/api/urls/${link.id}/history` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes the history with the link', async () => {
    await createLink(app, owner, FIRST_URL, { alias: 'history-gone' });
    await edit('history-gone', { url: SECOND_URL });
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/urls/history-gone',
      headers: asUser(owner),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await readHistory('history-gone')).statusCode).toBe(404);
    // A new link under the same alias starts with a history of its own.
    await createLink(app, owner, SECOND_URL, { alias: 'history-gone' });
    expect((await historyOf('history-gone')).map((entry) => entry.changes)).toEqual([
      {
        url: { from: null, to: SECOND_URL },
        alias: { from: null, to: 'history-gone' },
        forwardQuery: { from: null, to: true },
      },
    ]);
  });

  it(`keeps only the newest ${LINK_HISTORY_KEPT} entries of a link and answers 100 by default`, async () => {
    const link = await createLink(app, owner, 'https://example.com/0');
    for (let edits = 1; edits <= LINK_HISTORY_KEPT + 1; edits++) {
      await edit(link.id, { url: `https://example.com/${edits}` });
    }
    const history = await historyOf(link.id, `?limit=${LINK_HISTORY_KEPT}`);
    expect(history).toHaveLength(LINK_HISTORY_KEPT);
    expect(history[0]?.changes.url?.to).toBe(`https://example.com/${LINK_HISTORY_KEPT + 1}`);
    expect(history.at(-1)?.changes.url?.to).toBe('https://example.com/2');
    expect(history.some((entry) => entry.kind === 'created')).toBe(false);
    expect(await historyOf(link.id)).toEqual(history.slice(0, 100));
  });

  it('answers fewer entries on ?limit= and 400 for a bad limit', async () => {
    const link = await createLink(app, owner, FIRST_URL);
    await edit(link.id, { url: SECOND_URL });
    expect(await historyOf(link.id, '?limit=1')).toEqual([
      expect.objectContaining({ changes: { url: { from: FIRST_URL, to: SECOND_URL } } }),
    ]);
    const refused = await readHistory(link.id, owner, '?limit=0');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: `limit: must be a whole number from 1 to ${LINK_HISTORY_KEPT}.`,
    });
  });
});
