/** Test helper: speaks HTTP/1.1 over a raw TCP socket, bytes exactly as given. */
import net from 'node:net';

/**
 * Sends `bytes` on a new connection and resolves with everything the server wrote until it closed
 * the connection, or until `idleMs` passed without a byte (a kept-alive connection stays open).
 */
export function rawExchange(port: number, bytes: string | Buffer, idleMs = 1000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.setTimeout(idleMs, () => {
      socket.destroy();
      done();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    // The server may reset a connection it refuses while the test is still writing.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? done() : reject(error),
    );
    socket.write(bytes);
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what rawExchange read into responses (Content-Length bodies, as Hookbay sends). */
export function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(bodyStart, bodyStart + length),
    });
    rest = rest.slice(bodyStart + length);
  }
  return responses;
}

export interface RawOutcome {
  /** Everything the server wrote, as latin1 text. */
  received: string;
  /** The socket error's code (ECONNRESET for a reset), or null when it closed cleanly. */
  error: string | null;
}

/** Sends `bytes` on a new connection and resolves once the server ends it, however it does. */
export function rawUntilClosed(port: number, bytes: string | Buffer): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | null = null;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (problem: NodeJS.ErrnoException) => (error = problem.code ?? problem.message));
    socket.on('close', () => resolve({ received: Buffer.concat(chunks).toString('latin1'), error }));
    socket.write(bytes);
  });
}
