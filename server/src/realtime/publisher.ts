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

/** `published` counts each event by name (metrics); the counts are bound once, here. */
export function createPublisher(
  io: RealtimeServer,
  published?: Record<keyof ServerToClientEvents, { inc(): void }>,
): Publisher {
  return {
    toUser(userId, event, ...args) {
      published?.[event].inc();
      io.to(userRoom(userId)).emit(event, ...args);
    },
  };
}
