/**
 * Sockets and event streams of private sessions, and what happens to open ones when a key is
 * revoked or privacy is turned on: on one instance here, across two in multi-instance.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_USER_ROOM, WEBHOOK_REQUEST, type JoinAck } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  connectSocket,
  connectWithAuth,
  disconnected,
  listen,
  nextEvent,
  type TestSocket,
} from '../../../test/socket.js';
import { waitFor } from '../../../test/processes.js';
import { PRIVATE_SESSION_MESSAGE } from '../../http/identity.js';
import { openStream, type StreamClient } from '../forwarding/test-helpers.js';
import { asKey, createKey, makePrivate, privateSession } from './test-helpers.js';

describe('sockets and streams of private sessions', () => {
  let app: FastifyInstance;
  let origin: string;
  const sockets: TestSocket[] = [];
  const streams: StreamClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await app.close();
  });

  async function track<T extends TestSocket | StreamClient>(opened: Promise<T>): Promise<T> {
    const value = await opened;
    if ('emit' in value) sockets.push(value);
    else streams.push(value);
    return value;
  }

  async function capture(user: SessionUser, path: string): Promise<number> {
    const response = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}${path}`,
      payload: path,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }

  function join(socket: TestSocket, userId: string): Promise<JoinAck> {
    return new Promise((resolve) => socket.emit(JOIN_USER_ROOM, userId, resolve));
  }

  /** Resolves once the stream's answer has ended. */
  function ended(stream: StreamClient): Promise<void> {
    return new Promise((resolve) => stream.onEnd(resolve));
  }

  it('a socket with the key (auth.token) receives the private session’s events', async () => {
    const { user, key } = await privateSession(app);
    const socket = await track(connectWithAuth(origin, { token: key }));
    const received = nextEvent(socket, WEBHOOK_REQUEST);
    const id = await capture(user, '/live');
    expect((await received).id).toBe(id);
    expect(await join(socket, user.id)).toEqual({ ok: true });
  });

  it('a socket with the private session’s id alone joins no room and receives nothing', async () => {
    const { user, key } = await privateSession(app);
    const plain = await track(connectSocket(origin, user.sessionId));
    const plainEvents: number[] = [];
    plain.on(WEBHOOK_REQUEST, (event) => plainEvents.push(event.id));
    const keyed = await track(connectWithAuth(origin, { token: key }));
    const received = nextEvent(keyed, WEBHOOK_REQUEST);
    await capture(user, '/secret');
    await received;
    // Answered after anything sent to that socket before it: nothing came.
    expect(await join(plain, user.id)).toMatchObject({ ok: false });
    expect(plainEvents).toEqual([]);
  });

  it('a handshake with an unknown or revoked key is refused', async () => {
    const user = await createSession(app);
    const { key, id } = await createKey(app, user);
    await app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: asUser(user) });
    await expect(connectWithAuth(origin, { token: key })).rejects.toThrow(
      'This key is unknown or was revoked.',
    );
    await expect(connectWithAuth(origin, { token: 'hbk_nonsense' })).rejects.toThrow(
      'unknown or was revoked',
    );
    // A key refused is never passed over for a session id sent beside it.
    await expect(connectWithAuth(origin, { token: key, sessionId: user.sessionId })).rejects.toThrow(
      'unknown or was revoked',
    );
  });

  it('revoking a key disconnects the sockets opened with it, and only those', async () => {
    const user = await createSession(app);
    const doomed = await createKey(app, user, 'doomed');
    const kept = await createKey(app, user, 'kept');
    const doomedSocket = await track(connectWithAuth(origin, { token: doomed.key }));
    const keptSocket = await track(connectWithAuth(origin, { token: kept.key }));
    const gone = disconnected(doomedSocket);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/keys/${doomed.id}`,
      headers: asKey(kept.key),
    });
    expect(revoked.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');

    const received = nextEvent(keptSocket, WEBHOOK_REQUEST);
    const id = await capture(user, '/after');
    expect((await received).id).toBe(id);
    expect(keptSocket.connected).toBe(true);
  });

  it('turning privacy on drops the sockets connected by the session id alone; sockets with a key stay', async () => {
    const user = await createSession(app);
    const plain = await track(connectSocket(origin, user.sessionId));
    const { key } = await createKey(app, user);
    const keyed = await track(connectWithAuth(origin, { token: key }));
    const gone = disconnected(plain);
    await makePrivate(app, key);
    expect(await gone).toBe('io server disconnect');
    const received = nextEvent(keyed, WEBHOOK_REQUEST);
    const id = await capture(user, '/still');
    expect((await received).id).toBe(id);
  });

  it('GET /api/stream answers 401 JSON to the private session’s id, and streams with the key', async () => {
    const { user, key } = await privateSession(app);
    for (const request of [{ sessionId: user.sessionId }, { sessionId: user.sessionId, asHeader: true }]) {
      const refused = await track(openStream(origin, request));
      expect(refused.status).toBe(401);
      expect(refused.contentType).toMatch(/^application\/json/);
      await waitFor('the error body', () => refused.text.length > 0);
      expect(JSON.parse(refused.text)).toEqual({ error: PRIVATE_SESSION_MESSAGE, private: true });
    }
    const stream = await track(openStream(origin, { headers: asKey(key) }));
    expect(stream.status).toBe(200);
    const id = await capture(user, '/streamed');
    expect((await stream.untilEvents(1)).map((event) => event.id)).toEqual([id]);
  });

  it('an open stream ends when its key is revoked, or, opened by the id alone, when privacy goes on', async () => {
    const user = await createSession(app);
    const { key, id } = await createKey(app, user);
    const other = await createKey(app, user, 'other');
    const byId = await track(openStream(origin, { sessionId: user.sessionId, asHeader: true }));
    const byKey = await track(openStream(origin, { headers: asKey(key) }));
    const byOther = await track(openStream(origin, { headers: asKey(other.key) }));
    for (const stream of [byId, byKey, byOther]) expect(stream.status).toBe(200);

    const idEnded = ended(byId);
    await makePrivate(app, key);
    await idEnded;

    const keyEnded = ended(byKey);
    await app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: asKey(other.key) });
    await keyEnded;

    const eventId = await capture(user, '/survivor');
    expect((await byOther.untilEvents(1)).map((event) => event.id)).toEqual([eventId]);
  });
});
