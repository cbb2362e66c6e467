/**
 * A share link's page stays live over its own Socket.IO namespace: the viewer hears that something
 * changed and nothing else, so no request's content (let alone a redacted header) reaches its
 * socket, while the owner's socket receives the request in full.
 */
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SHARED_CHANGED,
  SHARED_NAMESPACE,
  WEBHOOK_REQUEST,
  type SharedViewerEvents,
} from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, connectWithAuth, disconnected, listen, nextEvent } from '../../../test/socket.js';
import { ENDED_MESSAGES, UNKNOWN_SHARE_MESSAGE } from './shares.service.js';
import { SECRET_VALUES, captureWithSecrets, createShare } from './test-helpers.js';

type Viewer = Socket<SharedViewerEvents>;

describe.each(storageBackends)('live share pages on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let origin: string;
  let owner: SessionUser;
  const sockets: { close(): void }[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    origin = await listen(app);
    owner = await createSession(app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A viewer of the link, with every frame it receives (text and binary) kept as text. */
  function view(token: string): Promise<{ socket: Viewer; frames: string[]; notes: () => number }> {
    const frames: string[] = [];
    let notes = 0;
    const socket: Viewer = io(`${origin}${SHARED_NAMESPACE}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
    });
    sockets.push(socket);
    socket.io.on('open', () =>
      socket.io.engine.on('packet', (packet: { data?: unknown }) => frames.push(String(packet.data ?? ''))),
    );
    socket.on(SHARED_CHANGED, () => notes++);
    socket.connect();
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve({ socket, frames, notes: () => notes }));
      socket.once('connect_error', reject);
    });
  }

  const changed = (socket: Viewer) => new Promise<void>((resolve) => socket.once(SHARED_CHANGED, resolve));

  it('a viewer hears of a new request without any of it; the owner receives it in full', async () => {
    const { token } = await createShare(app, asUser(owner));
    const ownerSocket = await connectSocket(origin, owner.sessionId);
    sockets.push(ownerSocket);
    const ownerFrames: string[] = [];
    ownerSocket.io.engine.on('packet', (packet: { data?: unknown }) =>
      ownerFrames.push(String(packet.data ?? '')),
    );
    const viewer = await view(token);

    const heard = changed(viewer.socket);
    const received = nextEvent(ownerSocket, WEBHOOK_REQUEST);
    await captureWithSecrets(app, owner.sessionId, '/live');
    await Promise.all([heard, received]);

    const viewerText = viewer.frames.join('\n');
    const ownerText = ownerFrames.join('\n');
    for (const secret of SECRET_VALUES) {
      expect(ownerText, secret).toContain(secret);
      expect(viewerText, secret).not.toContain(secret);
    }
    expect(viewerText).not.toContain('plain-visible-value');
    expect(viewerText).not.toContain('/live');
    expect(viewerText).not.toContain(owner.sessionId);
    expect(viewer.frames.filter((frame) => frame.startsWith('2'))).toEqual(
      Array.from({ length: viewer.notes() }, () => `2/shared,["${SHARED_CHANGED}"]`),
    );
  });

  it('a clear by the owner is heard too', async () => {
    const { token } = await createShare(app, asUser(owner));
    const viewer = await view(token);
    await captureWithSecrets(app, owner.sessionId);
    await changed(viewer.socket);
    const heard = changed(viewer.socket);
    const cleared = await app.inject({ method: 'DELETE', url: '/api/events', headers: asUser(owner) });
    expect(cleared.statusCode).toBe(200);
    await heard;
  });

  it('an unknown token is refused; the main namespace refuses a share token', async () => {
    await expect(view('hbs_0000000000000000_' + 'x'.repeat(43))).rejects.toThrow(UNKNOWN_SHARE_MESSAGE);
    const { token } = await createShare(app, asUser(owner));
    await expect(connectWithAuth(origin, { token })).rejects.toThrow();
  });

  it('revoking the link disconnects its viewers, and they cannot connect again', async () => {
    const { id, token } = await createShare(app, asUser(owner));
    const viewer = await view(token);
    const gone = disconnected(viewer.socket as never);
    const revoked = await app.inject({ method: 'DELETE', url: `/api/shares/${id}`, headers: asUser(owner) });
    expect(revoked.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(view(token)).rejects.toThrow(ENDED_MESSAGES.revoked);
  });
});
