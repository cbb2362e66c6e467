/**
 * What the browser learns about forwarders: how many are connected (`GET /api/forwarders` and
 * `forwarders-changed`), and what each request's target answered (`POST /api/events/{id}/forwarded`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORWARDERS_CHANGED, WEBHOOK_FORWARDED } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, listen, nextEvent } from '../../../test/socket.js';
import { openStream } from './test-helpers.js';

describe('forwarders seen from the browser', () => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function forwarders(user: SessionUser) {
    const response = await app.inject({ url: '/api/forwarders', headers: asUser(user) });
    expect(response.statusCode).toBe(200);
    return response.json<{ count: number; responding: number }>();
  }

  async function capture(user: SessionUser): Promise<number> {
    const response = await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}/gh`, payload: 'x' });
    return response.json<{ id: number }>().id;
  }

  const report = (id: number | string, payload: unknown, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/events/${id}/forwarded`, headers, payload: payload as object });

  it('GET /api/forwarders answers 401 without a session', async () => {
    const response = await app.inject({ url: '/api/forwarders' });
    expect(response.statusCode).toBe(401);
  });

  it('counts the forwarders of the session as they connect and go, and tells its pages', async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    expect(await forwarders(user)).toEqual({ count: 0, responding: 0 });
    const socket = await connectSocket(origin, user.sessionId);
    try {
      let told = nextEvent(socket, FORWARDERS_CHANGED);
      const plain = await openStream(origin, { sessionId: user.sessionId });
      expect(await told).toEqual({ count: 1, responding: 0 });
      told = nextEvent(socket, FORWARDERS_CHANGED);
      const responding = await openStream(origin, { sessionId: user.sessionId, query: { respond: '1' } });
      expect(await told).toEqual({ count: 2, responding: 1 });
      expect(await forwarders(user)).toEqual({ count: 2, responding: 1 });
      expect(await forwarders(other)).toEqual({ count: 0, responding: 0 });

      told = nextEvent(socket, FORWARDERS_CHANGED);
      responding.close();
      expect(await told).toEqual({ count: 1, responding: 0 });
      told = nextEvent(socket, FORWARDERS_CHANGED);
      plain.close();
      expect(await told).toEqual({ count: 0, responding: 0 });
      expect(await forwarders(user)).toEqual({ count: 0, responding: 0 });
    } finally {
      socket.close();
    }
  });

  it('POST /api/events/{id}/forwarded answers 401 without a session', async () => {
    expect((await report(1, { status: 200, ms: 3 }, {})).statusCode).toBe(401);
  });

  it("answers 404 for another session's request, a deleted one and an unknown id", async () => {
    const owner = await createSession(app);
    const other = await createSession(app);
    const id = await capture(owner);
    const deleted = await capture(other);
    await app.inject({ method: 'DELETE', url: `/api/events/${deleted}`, headers: asUser(other) });
    for (const [target, who] of [
      [id, other],
      [deleted, other],
      [999_999, owner],
    ] as const) {
      const response = await report(target, { status: 200, ms: 3 }, asUser(who));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'This request does not exist or was deleted.' });
    }
  });

  it('answers 400 to a report it cannot read, and records nothing', async () => {
    const user = await createSession(app);
    const id = await capture(user);
    const invalid = [
      {},
      { status: 200 },
      { status: 99, ms: 1 },
      { status: 200, ms: -1 },
      { status: 200.5, ms: 1 },
      { error: '', ms: 1 },
      { error: 'x'.repeat(2001), ms: 1 },
      { status: 200, ms: 1, extra: true },
    ];
    for (const payload of invalid) {
      const response = await report(id, payload, asUser(user));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    }
    expect((await report('abc', { status: 200, ms: 1 }, asUser(user))).statusCode).toBe(400);
    const listed = await app.inject({ url: '/api/events', headers: asUser(user) });
    expect(listed.json<WebhookEvent[]>()[0]?.forwarded).toBeNull();
  });

  it("records the target's answer on the request, lists it, and tells the session's pages", async () => {
    const user = await createSession(app);
    const id = await capture(user);
    const socket = await connectSocket(origin, user.sessionId);
    try {
      let told = nextEvent(socket, WEBHOOK_FORWARDED);
      const response = await report(id, { status: 500, ms: 12 }, asUser(user));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await told).toEqual({ id, forwarded: { status: 500, ms: 12 } });
      const listed = await app.inject({ url: '/api/events', headers: asUser(user) });
      expect(listed.json<WebhookEvent[]>()[0]).toMatchObject({ id, forwarded: { status: 500, ms: 12 } });

      // A later report (the app is down now) replaces it.
      told = nextEvent(socket, WEBHOOK_FORWARDED);
      await report(id, { error: 'connect ECONNREFUSED 127.0.0.1:3000', ms: 1 }, asUser(user));
      expect(await told).toEqual({ id, forwarded: { error: 'connect ECONNREFUSED 127.0.0.1:3000', ms: 1 } });
      const again = await app.inject({ url: '/api/events', headers: asUser(user) });
      expect(again.json<WebhookEvent[]>()[0]?.forwarded).toEqual({
        error: 'connect ECONNREFUSED 127.0.0.1:3000',
        ms: 1,
      });
    } finally {
      socket.close();
    }
  });

  it('a request not forwarded yet says so: forwarded is null, live and listed', async () => {
    const user = await createSession(app);
    const stream = await openStream(origin, { sessionId: user.sessionId });
    try {
      await capture(user);
      const [streamed] = await stream.untilEvents(1);
      expect(streamed?.forwarded).toBeNull();
    } finally {
      stream.close();
    }
  });
});
