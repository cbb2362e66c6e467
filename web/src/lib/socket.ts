/**
 * The realtime connection: to the API base, with cookies, 5 reconnection attempts 1000 ms apart.
 * The handshake carries the session id and, while this browser holds one, its key (`auth.token`),
 * read afresh at every (re)connection. WebSocket first, so the workers of one server need no
 * sticky sessions; only where WebSocket cannot get through (an old proxy) does it fall back to
 * long-polling, which needs a single process or sticky sessions (docs/scaling.md).
 */
import { io, type Socket } from 'socket.io-client';
import {
  SHARED_NAMESPACE,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SharedViewerEvents,
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

export type SharedSocket = Socket<SharedViewerEvents>;

/**
 * The socket of a share link's page, connected at once: its own namespace, the link's token in
 * the handshake, and no session. It only ever hears that something the link shows changed.
 */
export function createSharedSocket(token: string): SharedSocket {
  return io(`${apiBase}${SHARED_NAMESPACE}`, {
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: { token },
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  });
}

/** Connects again at once, with a fresh handshake (e.g. now carrying a key). */
export function reconnectSocket(socket: AppSocket): void {
  socket.disconnect();
  socket.connect();
}
