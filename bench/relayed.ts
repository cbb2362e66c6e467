/**
 * The relayed-capture scenario: the same 1 KB POSTs to a session with a relay destination that
 * accepts connections and never answers, so every capture is queued for delivery to a target
 * that hangs. The capture's own answer must not wait for it. Hookbay runs with
 * REPLAY_ALLOW_PRIVATE=1 in the bench so the destination may be this machine's loopback server.
 */
import net from 'node:net';
import { api, newSession } from './client.js';

export interface HangingTarget {
  url: string;
  /** Connections it has held open. */
  accepted(): number;
  close(): Promise<void>;
}

/** A loopback server that reads what arrives and never answers. */
export async function hangingTarget(): Promise<HangingTarget> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    accepted: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A new session relaying every capture to `url`. */
export async function relayedSession(origin: string, url: string): Promise<{ sessionId: string }> {
  const session = await newSession(origin);
  await api(origin, '/api/relays', session.sessionId, { url, mode: 'headers' });
  return session;
}
