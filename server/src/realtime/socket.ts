/**
 * Socket.IO on the HTTP server's port. The handshake must carry a known session (auth.sessionId
 * or the X-Session-ID header; the session cookie belongs to /api and never comes here); the
 * socket then joins its own user's room at once, so no event is missed before the client asks.
 * `join-user-room` only ever admits a socket to the room of the user its handshake belongs to.
 * With REDIS_URL, rooms span all instances and the instances can message each other (cluster.ts).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { JOIN_USER_ROOM, userRoom } from '../../../shared/realtime.js';
import { isSessionId } from '../../../shared/sessions.js';
import { noteDatabaseOutage } from '../db/unavailable.js';
import type { SessionsService } from '../features/sessions/sessions.service.js';
import type { OutageLog } from '../outage-log.js';
import { batchWebSocketFrames } from './batch-frames.js';
import { ANNOUNCE_TIMEOUT_MS, SOLO_CLUSTER, createCluster, type Cluster } from './cluster.js';
import type { RealtimeServer } from './publisher.js';
import { openRedisPair } from './redis.js';

function handshakeSessionId(socket: Socket): string | null {
  const { auth, headers } = socket.handshake;
  const candidates: unknown[] = [
    (auth as Record<string, unknown> | undefined)?.sessionId,
    headers['x-session-id'],
  ];
  return candidates.find(isSessionId) ?? null;
}

export interface Realtime {
  io: RealtimeServer;
  /** The other instances; a stand-in that tells no one without REDIS_URL. */
  cluster: Cluster;
  /** Resolves once Redis answers; null without REDIS_URL. */
  pingRedis: (() => Promise<void>) | null;
  close(): Promise<void>;
}

/** Shown to the browser as the connect_error; the cause goes to the log, not to the client. */
const HANDSHAKE_UNAVAILABLE = 'The server is temporarily unavailable. Please try again in a moment.';
const HANDSHAKE_FAILED = 'Something went wrong on our side. Please try again.';

export async function createRealtime(
  server: HttpServer,
  options: {
    sessions: SessionsService;
    redisUrl: string | null;
    logger: FastifyBaseLogger;
    databaseOutage: OutageLog;
  },
): Promise<Realtime> {
  const io: RealtimeServer = new Server(server, { cors: { origin: true, credentials: true } });
  batchWebSocketFrames(io);
  let cluster = SOLO_CLUSTER;
  let closeRedis = () => Promise.resolve();
  let pingRedis: Realtime['pingRedis'] = null;
  if (options.redisUrl) {
    // `joined` is only used by the recovery callback, which cannot run before it exists.
    const redis = await openRedisPair(options.redisUrl, options.logger, () => joined.rejoined());
    const joined = createCluster(io, redis.isConnected);
    // Loaded only when Redis is configured, like the Redis client.
    const { createAdapter } = await import('@socket.io/redis-adapter');
    io.adapter(createAdapter(redis.pub, redis.sub, { requestsTimeout: ANNOUNCE_TIMEOUT_MS }));
    await redis.untilConnected();
    cluster = joined;
    closeRedis = redis.close;
    pingRedis = redis.ping;
  }

  io.use((socket, next) => {
    const sessionId = handshakeSessionId(socket);
    if (!sessionId) return next(new Error('A valid session is required.'));
    options.sessions.findSession(sessionId).then(
      (user) => {
        if (!user) return next(new Error('Unknown session.'));
        socket.data.userId = user.id;
        next();
      },
      (error: unknown) => {
        if (noteDatabaseOutage(options.databaseOutage, error)) return next(new Error(HANDSHAKE_UNAVAILABLE));
        options.logger.error({ err: error }, 'socket handshake failed');
        next(new Error(HANDSHAKE_FAILED));
      },
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
    cluster,
    pingRedis,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
      await closeRedis();
    },
  };
}
