import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, waitFor, type ServerProcess } from '../test/processes.js';

/**
 * Starts a POST whose body is sent only when asked. `started` resolves when the server has taken
 * the request in (it answers `Expect: 100-continue` once it has read the headers).
 */
function slowPost(url: string) {
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', expect: '100-continue' },
  });
  const started = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { started, sendRest: () => request.end('the whole body'), answer };
}

describe('graceful shutdown', () => {
  let server: ServerProcess;
  afterAll(async () => {
    await server.stop('SIGKILL');
  });

  it('on SIGTERM a request in flight is finished and stored, new connections are refused, and the process exits 0', async () => {
    server = await startServer({ logLevel: 'info' });
    const session = (await (
      await fetch(`${server.origin}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { sessionId: string };
    const inFlight = slowPost(`${server.origin}/webhook/${session.sessionId}`);
    await inFlight.started;

    process.kill(server.pid, 'SIGTERM');
    await waitFor('the shutdown to start', () => server.logsMatching(/shutting down/).length > 0);
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();

    inFlight.sendRest();
    const { status, body } = await inFlight.answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ ok: true, id: 1 });
    await waitFor('the process to exit', () => !server.isRunning());
    expect(server.exitCode()).toBe(0);
  });
});
