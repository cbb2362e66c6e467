/**
 * Socket.IO on the HTTP server's port. The handshake must carry a key (auth.token, or an
 * `Authorization: Bearer` header) or a known session (auth.sessionId or the X-Session-ID header;
 * the session cookie belongs to /api and never comes here); the socket then joins its own user's
 * room at once, so no event is missed before the client asks. `join-user-room` only ever admits a
 * socket to the room of the user its handshake belongs to. A private session's id alone joins no
 * room. Sockets also sit in the room of the key they came with, or of the sessions they reached
 * by id alone, so a revoked key or privacy turned on closes them (`endAccess`). With REDIS_URL,
 * rooms span all instances and the instances can message each other (cluster.ts); the workers of
 * one server (WORKERS > 1) do the same through their primary.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { JOIN_USER_ROOM, userRoom } from '../../../shared/realtime.js';
import { bearerTokenOf } from '../../../shared/access.js';
import { isSessionId } from '../../../shared/sessions.js';
import { noteDatabaseOutage } from '../db/unavailable.js';
import {
  KEY_REFUSED_MESSAGE,
  identityStillHolds,
  resolveIdentity,
  type AccessChecks,
  type Identity,
  type SessionLookup,
} from '../http/identity.js';
import type { OutageLog } from '../outage-log.js';
import { batchWebSocketFrames } from './batch-frames.js';
import { ANNOUNCE_TIMEOUT_MS, SOLO_CLUSTER, createCluster, type Cluster } from './cluster.js';
import type { OtherWorkers } from './publisher.js';
import type { RealtimeServer } from './realtime-server.js';
import { startWorkerPush, type StoredEventsReader } from './worker-push.js';
import { openRedisPair } from './redis.js';

function handshakeSessionId(socket: Socket): string | null {
  const { auth, headers } = socket.handshake;
  const candidates: unknown[] = [
    (auth as Record<string, unknown> | undefined)?.sessionId,
    headers['x-session-id'],
  ];
  return candidates.find(isSessionId) ?? null;
}

/** The key the handshake sends, '' for an empty one, null for none. */
function handshakeToken(socket: Socket): string | null {
  const { auth, headers } = socket.handshake;
  const token: unknown = (auth as Record<string, unknown> | undefined)?.token;
  if (typeof token === 'string') return token;
  return bearerTokenOf(headers.authorization);
}

/** Sockets that came with key `keyId`. */
function keyRoom(keyId: string): string {
  return `key:${keyId}`;
}

/** Sockets of user `userId` admitted by the session id alone, while the session was public. */
function openRoom(userId: string): string {
  return `open:${userId}`;
}

const PRIVATE_ROOM_REFUSED = 'This inspector is private: connect with a key to receive its events.';

export interface Realtime {
  io: RealtimeServer;
  /** The other instances; a stand-in that tells no one without REDIS_URL. */
  cluster: Cluster;
  /** Disconnects, on every instance, the sockets of a revoked key or (keyId null) those the user's id alone admitted. */
  endAccess(userId: string, keyId: string | null): void;
  /** The other workers of this server, for the publisher; null without workers (or with Redis). */
  otherWorkers: OtherWorkers | null;
  /** Events cross instances through Redis (REDIS_URL is set). */
  throughRedis: boolean;
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
    sessions: SessionLookup;
    access: AccessChecks;
    redisUrl: string | null;
    /** A worker of a WORKERS > 1 server without REDIS_URL: the other workers are reached through the primary. */
    isWorker: boolean;
    /** Reads captured requests by id, for a worker's listeners of requests another worker captured. */
    readStoredEvents: StoredEventsReader;
    logger: FastifyBaseLogger;
    databaseOutage: OutageLog;
  },
): Promise<Realtime> {
  const io: RealtimeServer = new Server(server, { cors: { origin: true, credentials: true } });
  batchWebSocketFrames(io);
  let cluster = SOLO_CLUSTER;
  let closeRedis = () => Promise.resolve();
  let pingRedis: Realtime['pingRedis'] = null;
  let otherWorkers: OtherWorkers | null = null;
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
  } else if (options.isWorker) {
    // The workers of one machine talk through their primary (workers/primary.ts), the way
    // instances talk through Redis: the same cluster messages, a different carrier.
    const { createAdapter } = await import('@socket.io/cluster-adapter');
    io.adapter(createAdapter());
    cluster = createCluster(io, () => true);
    otherWorkers = startWorkerPush(io, options.readStoredEvents, (error) => {
      if (!noteDatabaseOutage(options.databaseOutage, error))
        options.logger.error({ err: error }, 'delivering live events from another worker failed');
    });
  }

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    const sessionId = handshakeSessionId(socket);
    if (token === null && !sessionId) return next(new Error('A valid session is required.'));
    resolveIdentity(token, sessionId, options).then(
      (identity) => {
        if (identity.kind === 'refused-key') return next(new Error(KEY_REFUSED_MESSAGE));
        if (identity.kind === 'none') return next(new Error('Unknown session.'));
        socket.data.userId = identity.user.id;
        socket.data.identity = identity;
        const joins = identity.kind === 'key' || identity.kind === 'session';
        // Other workers learn of this socket before its client hears it is connected.
        if (otherWorkers && joins) void otherWorkers.announce(identity.user.id).then(() => next());
        else next();
      },
      (error: unknown) => {
        if (noteDatabaseOutage(options.databaseOutage, error)) return next(new Error(HANDSHAKE_UNAVAILABLE));
        options.logger.error({ err: error }, 'socket handshake failed');
        next(new Error(HANDSHAKE_FAILED));
      },
    );
  });

  /**
   * Joins the rooms the handshake earned, then checks again that the access still holds: a key
   * revoked (or privacy turned on) between the handshake and the join has already sent its
   * disconnect to the rooms, before this socket was in them.
   */
  async function admit(socket: Socket, identity: Identity): Promise<void> {
    const ownId = socket.data.userId;
    await socket.join([userRoom(ownId), identity.kind === 'key' ? keyRoom(identity.keyId) : openRoom(ownId)]);
    if (!(await identityStillHolds(identity, options.access))) socket.disconnect(true);
  }

  io.on('connection', (socket) => {
    const ownId = socket.data.userId;
    const identity = socket.data.identity;
    const isAdmitted = identity.kind === 'key' || identity.kind === 'session';
    if (isAdmitted)
      admit(socket, identity).catch((error: unknown) => {
        if (!noteDatabaseOutage(options.databaseOutage, error))
          options.logger.error({ err: error }, 'socket access check failed');
        socket.disconnect(true);
      });
    socket.on(JOIN_USER_ROOM, (userId, ack) => {
      if (!isAdmitted) return ack?.({ ok: false, error: PRIVATE_ROOM_REFUSED });
      if (userId !== ownId) return ack?.({ ok: false, error: 'You can only join your own room.' });
      void socket.join(userRoom(ownId));
      ack?.({ ok: true });
    });
  });

  return {
    io,
    cluster,
    endAccess(userId, keyId) {
      io.in(keyId === null ? openRoom(userId) : keyRoom(keyId)).disconnectSockets(true);
    },
    pingRedis,
    otherWorkers,
    throughRedis: Boolean(options.redisUrl),
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
      await closeRedis();
    },
  };
}
