import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_USER_ROOM, WEBHOOK_REQUEST, type JoinAck } from '../../../shared/realtime.js';
import type { SessionUser } from '../../../shared/sessions.js';
import type { WebhookEvent } from '../../../shared/webhooks.js';
import { buildTestApp } from '../../test/app.js';
import { asUser, createSession } from '../../test/factories.js';
import { connectSocket, listen, nextEvent, type TestSocket } from '../../test/socket.js';

describe('realtime', () => {
  let app: FastifyInstance;
  let origin: string;
  const sockets: TestSocket[] = [];

  async function connect(sessionId: string | null): Promise<TestSocket> {
    const socket = await connectSocket(origin, sessionId);
    sockets.push(socket);
    return socket;
  }

  function join(socket: TestSocket, userId: string): Promise<JoinAck> {
    return new Promise((resolve) => socket.emit(JOIN_USER_ROOM, userId, resolve));
  }

  async function capture(user: SessionUser, path: string): Promise<number> {
    const response = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}${path}`,
      headers: { 'content-type': 'application/json', 'x-trace': path },
      payload: JSON.stringify({ path }),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a handshake with an unknown session is refused with connect_error', async () => {
    await expect(connectSocket(origin, randomUUID())).rejects.toThrow('Unknown session.');
  });

  it('a handshake without a session, or with a malformed one, is refused with connect_error', async () => {
    await expect(connectSocket(origin, null)).rejects.toThrow('A valid session is required.');
    await expect(connectSocket(origin, 'not-a-uuid')).rejects.toThrow('A valid session is required.');
  });

  it('a session cookie alone opens no socket: the cookie belongs to the API paths', async () => {
    const user = await createSession(app);
    const handshake = connectSocket(origin, null, { cookie: `hookbay_session=${user.sessionId}` });
    await expect(handshake).rejects.toThrow('A valid session is required.');
    expect((await connect(user.sessionId)).connected).toBe(true);
  });

  it('joining another user’s room is refused; joining one’s own is acknowledged', async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    const socket = await connect(user.sessionId);
    expect(await join(socket, other.id)).toMatchObject({ ok: false });
    expect(await join(socket, user.id)).toEqual({ ok: true });
  });

  it('the owner’s socket receives webhook-request after a capture, equal to what GET /api/events returns', async () => {
    const user = await createSession(app);
    // No join-user-room: the socket is in its user's room from the handshake on.
    const socket = await connect(user.sessionId);
    const received = nextEvent(socket, WEBHOOK_REQUEST);
    const id = await capture(user, '/live?x=1');
    const event = await received;

    const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    expect(listed.json<WebhookEvent[]>()).toEqual([event]);
    expect(event).toMatchObject({ id, method: 'POST', path: '/live', payload: { path: '/live?x=1' } });
  });

  it('a JSON body nested 100,000 levels deep reaches the socket with a null payload', async () => {
    const user = await createSession(app);
    const socket = await connect(user.sessionId);
    const received = nextEvent(socket, WEBHOOK_REQUEST);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const response = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}`,
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(200);
    expect(await received).toMatchObject({
      id: response.json<{ id: number }>().id,
      body: deep,
      payload: null,
    });
  });

  it('another session’s socket never gets the event', async () => {
    const userA = await createSession(app);
    const userB = await createSession(app);
    const socketA = await connect(userA.sessionId);
    const socketB = await connect(userB.sessionId);
    // A socket that tried to join B's room must not be let in either.
    expect((await join(socketA, userB.id)).ok).toBe(false);

    const receivedByA: WebhookEvent[] = [];
    socketA.on(WEBHOOK_REQUEST, (event) => receivedByA.push(event));
    const nextForA = nextEvent(socketA, WEBHOOK_REQUEST);
    const nextForB = nextEvent(socketB, WEBHOOK_REQUEST);

    // B's event is published first: had it leaked to A, A would get it before its own.
    const idB = await capture(userB, '/for-b');
    const idA = await capture(userA, '/for-a');
    expect((await nextForB).id).toBe(idB);
    expect((await nextForA).id).toBe(idA);
    expect(receivedByA.map((event) => event.id)).toEqual([idA]);
  });

  it('every socket of the same user receives the event', async () => {
    const user = await createSession(app);
    const tabs = await Promise.all([connect(user.sessionId), connect(user.sessionId)]);
    const received = tabs.map((socket) => nextEvent(socket, WEBHOOK_REQUEST));
    const id = await capture(user, '/two-tabs');
    for (const event of await Promise.all(received)) expect(event.id).toBe(id);
  });
});
