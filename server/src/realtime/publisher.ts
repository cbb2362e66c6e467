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
 * `published` counts each event by name (metrics); the counts are bound once, here. With
 * `otherWorkers` (WORKERS > 1 without Redis) an event goes to this worker's sockets and only to
 * the workers holding the user's other sockets, rather than through the adapter to every worker.
 */
export function createPublisher(
  io: RealtimeServer,
  published?: Record<keyof ServerToClientEvents, { inc(): void }>,
  otherWorkers?: OtherWorkers | null,
): Publisher {
  if (otherWorkers) {
    return {
      toUser(userId, event, ...args) {
        published?.[event].inc();
        io.local.to(userRoom(userId)).emit(event, ...args);
        otherWorkers.toOtherWorkers(userId, event, args);
      },
    };
  }
  return {
    toUser(userId, event, ...args) {
      published?.[event].inc();
      io.to(userRoom(userId)).emit(event, ...args);
    },
  };
}
