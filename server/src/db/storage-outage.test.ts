/**
 * The embedded database's disk failing while the server runs. Faults are real SQLite errors raised
 * by the app's own connection: `query_only` makes every write fail with SQLITE_READONLY (a
 * read-only disk), and `max_page_count` at the current size makes a write that needs a new page
 * fail with SQLITE_FULL (a full disk).
 */
import type { FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/sessions.js';
import { buildTestApp } from '../../test/app.js';
import { asUser, createSession } from '../../test/factories.js';
import { waitFor } from '../../test/processes.js';
import { createLink } from '../features/short-links/test-helpers.js';
import { sqliteHandleOf } from './connection.js';
import { DOWN, UP, timesLogged, type LogSpy } from './outage-test-helpers.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from './unavailable.js';

/** SQLite's own ceiling on max_page_count: setting it lifts the limit again. */
const NO_PAGE_LIMIT = 4_294_967_294;

describe('the SQLite disk failing at run time', () => {
  let app: FastifyInstance;
  let sqlite: SQLite.Database;
  let user: SessionUser;
  let linkId: string;
  let warn: LogSpy;
  let info: LogSpy;

  beforeAll(async () => {
    app = await buildTestApp();
    const handle = sqliteHandleOf(app.database.db);
    if (!handle) throw new Error('the test app is not on SQLite');
    sqlite = handle;
    warn = vi.spyOn(app.log, 'warn');
    info = vi.spyOn(app.log, 'info');
    user = await createSession(app);
    linkId = (await createLink(app, user, 'https://example.com/still-redirects')).id;
  });
  afterAll(async () => {
    sqlite.pragma('query_only = OFF');
    sqlite.pragma(`max_page_count = ${NO_PAGE_LIMIT}`);
    await app.close();
  });

  const capture = (payload: string | Buffer = 'hi') =>
    app.inject({ method: 'POST', url: `/webhook/${user.sessionId}/x`, payload });
  const health = () => app.inject({ method: 'GET', url: '/healthz' });

  async function expectUnavailable(response: Awaited<ReturnType<typeof capture>>): Promise<void> {
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
  }

  it('read-only: every write answers 503 JSON, reads and redirects still work, health says why, and it recovers by itself', async () => {
    expect((await capture()).statusCode).toBe(200);
    sqlite.pragma('query_only = ON');

    await expectUnavailable(await capture());
    await expectUnavailable(await app.inject({ method: 'POST', url: '/api/user', payload: {} }));
    await expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/urls',
        headers: asUser(user),
        payload: { url: 'https://example.com/new' },
      }),
    );
    await expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/suggestions',
        headers: asUser(user),
        payload: { title: 't', description: 'd', category: 'general', email: '' },
      }),
    );
    const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<unknown[]>()).toHaveLength(1);
    // The click is lost; the redirect is not.
    const redirect = await app.inject({ method: 'GET', url: `/s/${linkId}` });
    expect(redirect.statusCode).toBe(302);

    const unhealthy = await health();
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({
      ok: false,
      error: 'The database cannot be written: attempt to write a readonly database',
    });
    expect(timesLogged(warn, DOWN)).toBe(1);

    sqlite.pragma('query_only = OFF');
    // Nobody has to ask: the server notices by itself that writes work again.
    await waitFor('the recovery to be logged', () => timesLogged(info, UP) === 1);
    expect((await health()).json()).toEqual({ ok: true });
    expect((await capture()).statusCode).toBe(200);
    expect(timesLogged(warn, DOWN)).toBe(1);
  });

  it('full: a write that needs room answers 503 JSON, and writes work again once there is room', async () => {
    const before = timesLogged(warn, DOWN);
    sqlite.pragma('max_page_count = 1');
    const big = Buffer.alloc(256 * 1024, 'x');
    await expectUnavailable(await capture(big));
    expect(timesLogged(warn, DOWN)).toBe(before + 1);

    sqlite.pragma(`max_page_count = ${NO_PAGE_LIMIT}`);
    expect((await capture(big)).statusCode).toBe(200);
    await waitFor('health to be ok again', async () => (await health()).statusCode === 200);
    const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    expect(listed.json<unknown[]>()).toHaveLength(3);
  });
});
