/** A TCP relay for outage tests: pipes connections to a target until the test cuts them all. */
import net from 'node:net';

export interface Relay {
  port: number;
  /** Resolves once a client has sent bytes containing `text` through the relay (a query, say). */
  untilClientSends(text: string): Promise<void>;
  /** Resets every connection and refuses new ones. */
  cut(): void;
}

export function startRelay(target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let watched: { text: string; seen: () => void } | null = null;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      if (!watched || !chunk.includes(watched.text)) return;
      watched.seen();
      watched = null;
    });
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      resolve({
        port: address.port,
        untilClientSends: (text) => new Promise((seen) => (watched = { text, seen })),
        cut() {
          server.close();
          for (const socket of sockets) socket.resetAndDestroy();
        },
      });
    });
  });
}

/** `url` with its host and port replaced by the relay's. */
export function viaRelay(url: string, relay: Relay): string {
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return relayed.toString();
}
