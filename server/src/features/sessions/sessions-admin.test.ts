import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeletedRequests, SessionsOverview, SessionUsage } from '../../../../shared/admin.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { openAdminTestApp, type AdminTestApp } from '../admin/test-helpers.js';
import { captureOk, listEvents } from '../webhooks/test-captures.js';

const KiB = 1024;
const HOUR_MS = 60 * 60 * 1000;
const SUSPENDED = 'This webhook URL has been suspended by the operator of this Hookbay instance.';

describe.each(storageBackends)('admin sessions on $name', ({ postgres }) => {
  let store: AdminTestApp;
  let app: FastifyInstance;
  let admin: SessionUser;

  beforeAll(async () => {
    store = await openAdminTestApp(postgres);
    ({ app, admin } = store);
  });
  afterAll(() => store.close());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const asAdmin = (options: InjectOptions) => store.asAdmin(options);

  async function overview(): Promise<SessionsOverview> {
    const response = await asAdmin({ method: 'GET', url: '/api/admin/sessions' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionsOverview>();
  }

  async function setSuspended(user: SessionUser, suspended: boolean): Promise<SessionUsage> {
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/admin/sessions/${user.sessionId}`,
      payload: { suspended },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionUsage>();
  }

  function capture(user: SessionUser, payload = 'hello') {
    return app.inject({ method: 'POST', url: `/webhook/${user.sessionId}/hook`, payload });
  }

  /** The bytes the events of `user` keep, worked out from what the API shows of them. */
  async function bytesOf(user: SessionUser): Promise<number> {
    const events = await listEvents(app, user, '?limit=500');
    return events.reduce(
      (total, event) => total + Buffer.byteLength(JSON.stringify(event.rawHeaders)) + event.size,
      0,
    );
  }

  /** Records what request loggers are told from now on. */
  function logLines(): { message: string; fields: Record<string, unknown> }[] {
    const lines: { message: string; fields: Record<string, unknown> }[] = [];
    const child = app.log.child.bind(app.log);
    vi.spyOn(app.log, 'child').mockImplementation((...args: Parameters<typeof app.log.child>) => {
      const logger = child(...args);
      logger.info = ((fields: Record<string, unknown>, message: string) => {
        lines.push({ fields, message });
      }) as typeof logger.info;
      return logger;
    });
    return lines;
  }

  describe('access', () => {
    const ROUTES: { name: string; method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { name: 'the overview', method: 'GET', url: '/api/admin/sessions' },
      {
        name: 'suspending',
        method: 'PUT',
        url: '/api/admin/sessions/0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3',
        payload: { suspended: true },
      },
      {
        name: 'deleting requests',
        method: 'DELETE',
        url: '/api/admin/sessions/0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3/events',
      },
    ];

    it.each(ROUTES)('answers 401 without a session: $name', async ({ method, url, payload }) => {
      const response = await app.inject({ method, url, ...(payload && { payload }) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });

    it.each(ROUTES)(
      'answers 403 to a session that is not an admin: $name',
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
  });

  describe('the overview', () => {
    it('lists the sessions holding the most bytes and those capturing the most lately', async () => {
      const large = await createSession(app);
      const busy = await createSession(app);
      // Captured 30 hours ago: stored, but not lately.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 30 * HOUR_MS);
      for (let index = 0; index < 3; index += 1)
        await captureOk(app, large, { payload: Buffer.alloc(300 * KiB) });
      const firstCapture = Date.now();
      vi.useRealTimers();
      const lastCapture = Date.now();
      await captureOk(app, large, { payload: Buffer.alloc(300 * KiB) });
      for (let index = 0; index < 40; index += 1) await captureOk(app, busy, { payload: `${index}` });

      const { largest, busiest, recentSince } = await overview();
      expect(largest[0]).toEqual({
        sessionId: large.sessionId,
        requests: 4,
        bytes: await bytesOf(large),
        recentRequests: 1,
        lastCaptureAt: expect.any(String),
        suspendedAt: null,
      });
      expect(largest[0]?.bytes).toBeGreaterThan(1200 * KiB);
      const lastCaptureAt = Date.parse(largest[0]?.lastCaptureAt ?? '');
      expect(lastCaptureAt).toBeGreaterThanOrEqual(lastCapture);
      expect(lastCaptureAt).toBeGreaterThan(firstCapture);
      expect(busiest[0]).toMatchObject({
        sessionId: busy.sessionId,
        requests: 40,
        recentRequests: 40,
        bytes: await bytesOf(busy),
        suspendedAt: null,
      });
      expect(busiest.map((row) => row.sessionId)).toContain(large.sessionId);
      expect(Date.now() - Date.parse(recentSince)).toBeGreaterThanOrEqual(24 * HOUR_MS);
      expect(Date.now() - Date.parse(recentSince)).toBeLessThan(25 * HOUR_MS);
    });
  });

  describe('suspending a webhook URL', () => {
    it('answers captures with 410 and stores nothing until the suspension is lifted', async () => {
      const user = await createSession(app);
      const kept = await captureOk(app, user, { payload: 'before' });

      const suspended = await setSuspended(user, true);
      expect(suspended).toMatchObject({
        sessionId: user.sessionId,
        requests: 1,
        suspendedAt: expect.any(String),
      });
      for (const method of ['POST', 'GET', 'PUT'] as const) {
        const refused = await app.inject({ method, url: `/webhook/${user.sessionId}/x`, payload: 'during' });
        expect(refused.statusCode).toBe(410);
        expect(refused.headers['content-type']).toMatch(/^application\/json/);
        expect(refused.json()).toEqual({ error: SUSPENDED });
      }
      expect((await listEvents(app, user)).map((event) => event.id)).toEqual([kept]);
      const listed = (await overview()).suspended.find((row) => row.sessionId === user.sessionId);
      expect(listed).toEqual(suspended);

      const lifted = await setSuspended(user, false);
      expect(lifted.suspendedAt).toBeNull();
      const after = await captureOk(app, user, { payload: 'after' });
      expect((await listEvents(app, user)).map((event) => event.id)).toEqual([after, kept]);
      expect((await overview()).suspended.map((row) => row.sessionId)).not.toContain(user.sessionId);
    });

    it('suspends a session before its first capture, and other sessions go on capturing', async () => {
      const user = await createSession(app);
      const other = await createSession(app);
      await setSuspended(user, true);
      expect((await capture(user)).statusCode).toBe(410);
      expect((await capture(other)).statusCode).toBe(200);
      expect(await listEvents(app, user)).toEqual([]);
      const listed = (await overview()).suspended.find((row) => row.sessionId === user.sessionId);
      expect(listed).toMatchObject({ requests: 0, bytes: 0, lastCaptureAt: null });
    });

    it('logs each change with the admin’s session and the suspended one', async () => {
      const user = await createSession(app);
      const lines = logLines();
      await setSuspended(user, true);
      await setSuspended(user, false);
      expect(lines).toEqual([
        {
          message: 'admin suspended webhook URL',
          fields: { adminSessionId: admin.sessionId, sessionId: user.sessionId },
        },
        {
          message: 'admin lifted webhook URL suspension',
          fields: { adminSessionId: admin.sessionId, sessionId: user.sessionId },
        },
      ]);
    });

    it('answers 404 for an unknown session and 400 for a malformed body', async () => {
      const unknown = await asAdmin({
        method: 'PUT',
        url: '/api/admin/sessions/0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3',
        payload: { suspended: true },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'No session with this id.' });
      const malformedId = await asAdmin({
        method: 'PUT',
        url: '/api/admin/sessions/not-a-session',
        payload: { suspended: true },
      });
      expect(malformedId.statusCode).toBe(404);
      const user = await createSession(app);
      const malformed = await asAdmin({
        method: 'PUT',
        url: `/api/admin/sessions/${user.sessionId}`,
        payload: { suspended: 'yes' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'suspended: suspended must be true or false.' });
      expect((await capture(user)).statusCode).toBe(200);
    });
  });

  describe('deleting a session’s requests', () => {
    it('deletes every stored request of the session, hidden ones too, and logs it', async () => {
      const user = await createSession(app);
      const other = await createSession(app);
      const ids = [await captureOk(app, user), await captureOk(app, user), await captureOk(app, user)];
      const hidden = await app.inject({
        method: 'DELETE',
        url: `/api/events/${ids[0] as number}`,
        headers: asUser(user),
      });
      expect(hidden.statusCode).toBe(200);
      const otherId = await captureOk(app, other);
      const lines = logLines();

      const response = await asAdmin({
        method: 'DELETE',
        url: `/api/admin/sessions/${user.sessionId}/events`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<DeletedRequests>()).toEqual({ ok: true, deleted: 3 });
      expect(await listEvents(app, user)).toEqual([]);
      expect((await listEvents(app, other)).map((event) => event.id)).toEqual([otherId]);
      const { largest, busiest } = await overview();
      expect([...largest, ...busiest].map((row) => row.sessionId)).not.toContain(user.sessionId);
      expect(lines).toEqual([
        {
          message: 'admin deleted session requests',
          fields: { adminSessionId: admin.sessionId, sessionId: user.sessionId, deleted: 3 },
        },
      ]);
      // The webhook URL itself still works.
      expect((await capture(user)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown session', async () => {
      const response = await asAdmin({
        method: 'DELETE',
        url: '/api/admin/sessions/0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3/events',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'No session with this id.' });
    });
  });
});
