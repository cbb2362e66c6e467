/** A real Socket.IO client connected to an app listening on a random port. */
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Connects with the session in the handshake; rejects when the server refuses it. */
export function connectSocket(
  origin: string,
  sessionId: string | null,
  extraHeaders: Record<string, string> = {},
): Promise<TestSocket> {
  return connectWithAuth(origin, sessionId ? { sessionId } : {}, extraHeaders);
}

/** Connects with this handshake `auth` (e.g. `{ token: key }`); rejects when the server refuses it. */
export function connectWithAuth(
  origin: string,
  auth: Record<string, string>,
  extraHeaders: Record<string, string> = {},
): Promise<TestSocket> {
  const socket: TestSocket = io(origin, {
    auth,
    extraHeaders,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the reason once the server (or the network) disconnects the socket. */
export function disconnected(socket: TestSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** Resolves with the next payload of `event`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    // socket.io-client's typed `once` cannot relate a generic event name to its listener type.
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });
}
