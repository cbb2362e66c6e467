import { userRoom, type ServerToClientEvents } from '../../../shared/realtime.js';
import type { RealtimeServer } from './realtime-server.js';

/** Sends realtime events to one user's sockets, on whichever instance they are connected. */
export interface Publisher {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
}

/** Passes a user's event to the other workers of this server that hold the user's sockets. */
export interface OtherWorkers {
  /** Resolves once every other worker knows this one holds sockets of the user (before a handshake ends). */
  announce(userId: string): Promise<void>;
  toOtherWorkers<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    args: Parameters<ServerToClientEvents[E]>,
  ): void;
}

/**
 * Sends an event to this process's sockets of the user, if it holds any: Socket.IO's adapter
 * encodes an event before it looks for sockets, so an event no one here listens to would be
 * encoded for nothing.
 */
export function toLocalSockets<E extends keyof ServerToClientEvents>(
  io: RealtimeServer,
  userId: string,
  event: E,
  args: Parameters<ServerToClientEvents[E]>,
): void {
  const room = userRoom(userId);
  if (io.of('/').adapter.rooms.has(room)) io.local.to(room).emit(event, ...args);
}

/**
 * `published` counts each event by name (metrics); the counts are bound once, here. Through Redis
 * (`throughRedis`) every event goes to the adapter, which tells the other instances. Otherwise an
 * event goes to this process's sockets of the user, and with `otherWorkers` (WORKERS > 1) only to
 * the workers holding the user's other sockets.
 */
export function createPublisher(
  io: RealtimeServer,
  options: {
    published?: Record<keyof ServerToClientEvents, { inc(): void }>;
    otherWorkers?: OtherWorkers | null;
    throughRedis?: boolean;
  } = {},
): Publisher {
  const { published, otherWorkers } = options;
  if (options.throughRedis) {
    return {
      toUser(userId, event, ...args) {
        published?.[event].inc();
        io.to(userRoom(userId)).emit(event, ...args);
      },
    };
  }
  return {
    toUser(userId, event, ...args) {
      published?.[event].inc();
      toLocalSockets(io, userId, event, args);
      otherWorkers?.toOtherWorkers(userId, event, args);
    },
  };
}
