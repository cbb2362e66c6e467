/** The realtime connection: to the API base, with cookies, 5 reconnection attempts 1000 ms apart. */
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../../shared/realtime';
import { apiBase } from './http';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Makes the socket without connecting it; call `connect()` to start. */
export function createSocket(sessionId: string): AppSocket {
  return io(apiBase, {
    autoConnect: false,
    withCredentials: true,
    auth: { sessionId },
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  });
}
