/** "Clear all" (`DELETE /api/events`) and bringing a deleted request back (`POST /api/events/{id}/restore`). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOKS_CLEARED } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, listen, nextEvent } from '../../../test/socket.js';

describe.each(storageBackends)('clearing and restoring requests ($name)', ({ postgres }) => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function capture(user: SessionUser, path: string): Promise<number> {
    const response = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}${path}`,
      payload: path,
    });
    return response.json<{ id: number }>().id;
  }

  async function listedPaths(user: SessionUser): Promise<string[]> {
    const response = await app.inject({ url: '/api/events', headers: asUser(user) });
    return response.json<WebhookEvent[]>().map((event) => event.path);
  }

  async function counts(user: SessionUser) {
    const response = await app.inject({ url: '/api/events/count', headers: asUser(user) });
    return response.json<{ matching: number; total: number; newestId: number }>();
  }

  const clear = (headers: Record<string, string>) =>
    app.inject({ method: 'DELETE', url: '/api/events', headers });
  const restore = (id: number | string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/events/${id}/restore`, headers, payload: {} });
  const remove = (id: number, user: SessionUser) =>
    app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: asUser(user) });

  it('Clear all answers 401 without a session', async () => {
    const response = await clear({});
    expect(response.statusCode).toBe(401);
    expect(typeof response.json<{ error: string }>().error).toBe('string');
  });

  it("Clear all empties the session's list, says how many, and leaves other sessions alone", async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    await capture(user, '/one');
    const newest = await capture(user, '/two');
    await capture(other, '/kept');
    const response = await clear(asUser(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, deleted: 2, upTo: newest });
    expect(await listedPaths(user)).toEqual([]);
    expect(await counts(user)).toEqual({ matching: 0, total: 0, newestId: 0 });
    expect(await listedPaths(other)).toEqual(['/kept']);
    // A request arriving afterwards is listed as usual.
    await capture(user, '/after');
    expect(await listedPaths(user)).toEqual(['/after']);
  });

  it('Clear all of an empty list answers 0', async () => {
    const user = await createSession(app);
    const response = await clear(asUser(user));
    expect(response.json()).toEqual({ ok: true, deleted: 0, upTo: 0 });
  });

  it("Clear all tells the session's open pages up to which request the list is empty", async () => {
    const user = await createSession(app);
    await capture(user, '/one');
    const newest = await capture(user, '/two');
    const socket = await connectSocket(origin, user.sessionId);
    try {
      const told = nextEvent(socket, WEBHOOKS_CLEARED);
      await clear(asUser(user));
      expect(await told).toEqual({ upTo: newest });
    } finally {
      socket.close();
    }
  });

  it('restore answers 401 without a session, 400 for a bad id', async () => {
    expect((await restore(1, {})).statusCode).toBe(401);
    const user = await createSession(app);
    expect((await restore('abc', asUser(user))).statusCode).toBe(400);
  });

  it("restore answers 404 for a request that is not deleted, another session's, or unknown", async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    const shown = await capture(user, '/shown');
    const othersDeleted = await capture(other, '/others');
    await remove(othersDeleted, other);
    for (const id of [shown, othersDeleted, 999_999]) {
      const response = await restore(id, asUser(user));
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ error: 'This request does not exist or is not deleted.' });
    }
    expect(await listedPaths(other)).toEqual([]);
  });

  it('a deleted request comes back with restore, as the list gives it', async () => {
    const user = await createSession(app);
    await capture(user, '/older');
    const id = await capture(user, '/undone');
    expect((await remove(id, user)).statusCode).toBe(200);
    expect(await listedPaths(user)).toEqual(['/older']);
    const response = await restore(id, asUser(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, path: '/undone', body: '/undone', isDeleted: false });
    expect(await listedPaths(user)).toEqual(['/undone', '/older']);
    // Once only: it is no longer deleted.
    expect((await restore(id, asUser(user))).statusCode).toBe(404);
  });
});
