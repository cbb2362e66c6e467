/** Carries fuzz requests to a server process over HTTP/1.1 on kept-alive connections. */
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import type { FuzzRequest, SendRequest } from '../server/test/fuzz-cases.js';

/**
 * A sender for `origin` with at most `connections` sockets. The URL goes out as in-process
 * injection sends it, normalised by the WHATWG URL parser (dot segments resolved, bytes outside
 * printable ASCII percent-encoded), so both carry the same requests.
 */
export function sendOverHttp(origin: string, connections: number): SendRequest & { close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (request: FuzzRequest) =>
    new Promise<Awaited<ReturnType<SendRequest>>>((resolve, reject) => {
      const url = new URL(origin + request.url);
      const outgoing = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: url.pathname + url.search,
          headers: request.headers,
        },
        (response) => {
          // A HEAD answer is complete with its head: whatever follows it is not read.
          if (request.method === 'HEAD') {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
            return void response.resume();
          }
          buffer(response).then(
            (body) =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: body.toString('utf8'),
              }),
            reject,
          );
        },
      );
      outgoing.on('error', (error) =>
        reject(new Error(`${request.method} ${request.url.slice(0, 200)}: ${error.message}`)),
      );
      outgoing.end(request.body);
    });
  return Object.assign(send, { close: () => agent.destroy() });
}
