/**
 * Socket.IO on the HTTP server's port. The handshake must carry a known session (auth.sessionId,
 * the X-Session-ID header or the session cookie); the socket then joins its own user's room at
 * once, so no event is missed before the client asks. `join-user-room` only ever admits a socket
 * to the room of the user its handshake belongs to. With REDIS_URL, rooms span all instances.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import { JOIN_USER_ROOM, userRoom } from '../../../shared/realtime.js';
import { SESSION_COOKIE, isSessionId } from '../../../shared/sessions.js';
import type { SessionsService } from '../features/sessions/sessions.service.js';
import type { RealtimeServer } from './publisher.js';

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined; // a malformed cookie is no session
    }
  }
  return undefined;
}

function handshakeSessionId(socket: Socket): string | null {
  const { auth, headers } = socket.handshake;
  const candidates: unknown[] = [
    (auth as Record<string, unknown> | undefined)?.sessionId,
    headers['x-session-id'],
    cookieValue(headers.cookie, SESSION_COOKIE),
  ];
  return candidates.find(isSessionId) ?? null;
}

export interface Realtime {
  io: RealtimeServer;
  close(): Promise<void>;
}

export async function createRealtime(
  server: HttpServer,
  options: { sessions: SessionsService; redisUrl: string | null; logger: FastifyBaseLogger },
): Promise<Realtime> {
  const io: RealtimeServer = new Server(server, { cors: { origin: true, credentials: true } });
  const redisClients = options.redisUrl ? await attachRedisAdapter(io, options.redisUrl, options.logger) : [];

  io.use((socket, next) => {
    const sessionId = handshakeSessionId(socket);
    if (!sessionId) return next(new Error('A valid session is required.'));
    options.sessions.findSession(sessionId).then(
      (user) => {
        if (!user) return next(new Error('Unknown session.'));
        socket.data.userId = user.id;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });

  io.on('connection', (socket) => {
    const ownId = socket.data.userId;
    void socket.join(userRoom(ownId));
    socket.on(JOIN_USER_ROOM, (userId, ack) => {
      if (userId !== ownId) return ack?.({ ok: false, error: 'You can only join your own room.' });
      void socket.join(userRoom(ownId));
      ack?.({ ok: true });
    });
  });

  return {
    io,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

async function attachRedisAdapter(io: RealtimeServer, url: string, logger: FastifyBaseLogger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub])
    client.on('error', (error: unknown) => logger.warn({ err: error }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return [pub, sub];
}
