/**
 * The realtime connection: to the API base, with cookies, 5 reconnection attempts 1000 ms apart.
 * The handshake carries the session id and, while this browser holds one, its key (`auth.token`),
 * read afresh at every (re)connection. WebSocket first, so the workers of one server need no
 * sticky sessions; only where WebSocket cannot get through (an old proxy) does it fall back to
 * long-polling, which needs a single process or sticky sessions (docs/scaling.md).
 */
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../../shared/realtime';
import { activeAccessKey, apiBase } from './http';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Makes the socket without connecting it; call `connect()` to start. `keyOf` names the key the
 * handshake sends: by default the one this browser holds for the session it shows.
 */
export function createSocket(sessionId: string, keyOf: () => string | null = activeAccessKey): AppSocket {
  return io(apiBase, {
    autoConnect: false,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (send) => {
      const token = keyOf();
      send(token ? { sessionId, token } : { sessionId });
    },
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  });
}

/** Connects again at once, with a fresh handshake (e.g. now carrying a key). */
export function reconnectSocket(socket: AppSocket): void {
  socket.disconnect();
  socket.connect();
}
