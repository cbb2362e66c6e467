/**
 * What a client gets when its bytes never become a request: malformed HTTP, headers too large,
 * or a request that arrives too slowly. Node has no request to route then, so this writes the
 * answer on the socket itself, in the same `{"error"}` shape as every other error, and closes it.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

function answer(
  error: Error & { code?: string },
  maxHeaderBytes: number,
): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive.' };
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      message: `The request's headers are too large: at most ${maxHeaderBytes / 1024} KiB in all.`,
    };
  return { status: 400, message: 'The request is not valid HTTP.' };
}

export function createClientErrorHandler(maxHeaderBytes: number) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection, or one already gone: nobody is left to answer. An answered one hears
    // of the rest of its bytes again while it lingers.
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    const { status, message } = answer(error, maxHeaderBytes);
    const body = JSON.stringify({ error: message });
    if (!socket.writable) return void socket.destroy();
    const response =
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    answered.add(socket);
    socket.end(response);
    lingerThenClose(socket);
  };
}

/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 2000;

const answered = new WeakSet<Socket>();

/**
 * Reads and drops what the client is still sending (the rest of headers too large, say) until it
 * hangs up, for at most LINGER_MS. Closing with unread bytes would reset the connection, and a
 * client still writing would get a broken pipe instead of the answer already on its way.
 */
function lingerThenClose(socket: Socket): void {
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  socket.on('close', () => clearTimeout(cut));
  socket.on('data', () => undefined);
  socket.resume();
}
