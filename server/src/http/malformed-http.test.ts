/**
 * Bytes that are not (quite) HTTP, over raw sockets: each gets a clean 4xx or a closed connection,
 * never a crash, and the server answers normally afterwards.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/sessions.js';
import { buildTestApp } from '../../test/app.js';
import { asUser, createSession } from '../../test/factories.js';
import { listen } from '../../test/socket.js';
import { DEFAULT_HTTP_LIMITS } from '../config.js';
import { parseResponses, rawExchange } from '../../test/raw-http.js';

describe('malformed HTTP', () => {
  let app: FastifyInstance;
  let port: number;
  let user: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp();
    port = Number(new URL(await listen(app)).port);
    user = await createSession(app);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(async () => {
    // Whatever the last test sent, the server still answers.
    const health = parseResponses(
      await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(health.map((response) => [response.status, response.body])).toEqual([[200, '{"ok":true}']]);
  });

  const capturePath = () => `/webhook/${user.sessionId}/raw`;

  async function expectRefused(bytes: string | Buffer, status: number, error: string): Promise<void> {
    const responses = parseResponses(await rawExchange(port, bytes));
    expect(responses).toHaveLength(1);
    const [response] = responses;
    expect(response?.status).toBe(status);
    expect(response?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response?.headers.connection).toBe('close');
    expect(JSON.parse(response?.body ?? '')).toEqual({ error });
  }

  const NOT_HTTP = 'The request is not valid HTTP.';

  it('two different Content-Lengths: 400 and closed', async () => {
    await expectRefused(
      `POST ${capturePath()} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!`,
      400,
      NOT_HTTP,
    );
  });

  it('Content-Length and chunked together (a smuggling attempt): 400 and closed', async () => {
    await expectRefused(
      `POST ${capturePath()} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      400,
      NOT_HTTP,
    );
  });

  it('a chunk size that is not hexadecimal: 400 and closed', async () => {
    await expectRefused(
      `POST ${capturePath()} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n`,
      400,
      NOT_HTTP,
    );
  });

  it('an invalid method: 400 and closed', async () => {
    await expectRefused(`GE(T / HTTP/1.1\r\nHost: x\r\n\r\n`, 400, NOT_HTTP);
  });

  it('a NUL byte in a header value: 400 and closed', async () => {
    await expectRefused(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Evil: a\0b\r\n\r\n`, 400, NOT_HTTP);
  });

  it('a TLS handshake sent to the plain HTTP port: 400 and closed', async () => {
    await expectRefused(
      Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
      400,
      NOT_HTTP,
    );
  });

  it('headers larger than the limit: 431 and closed', async () => {
    const big = 'a'.repeat(DEFAULT_HTTP_LIMITS.maxHeaderBytes);
    await expectRefused(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`,
      431,
      "The request's headers are too large: at most 32 KiB in all.",
    );
  });

  it('HTTP/1.1 without Host: 400', async () => {
    const [response] = parseResponses(await rawExchange(port, 'GET /healthz HTTP/1.1\r\n\r\n'));
    expect(response?.status).toBe(400);
  });

  it('HTTP/1.0 without Host is still answered, and the connection closed', async () => {
    const responses = parseResponses(await rawExchange(port, 'GET /healthz HTTP/1.0\r\n\r\n', 5000));
    expect(responses.map((response) => [response.status, response.body])).toEqual([[200, '{"ok":true}']]);
  });

  it('two pipelined captures in one write get two answers, in order, and both are stored', async () => {
    const request = (body: string, last: boolean) =>
      `POST ${capturePath()} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n` +
      `${last ? 'Connection: close\r\n' : ''}\r\n${body}`;
    const responses = parseResponses(
      await rawExchange(port, request('first', false) + request('second', true), 5000),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const [first, second] = responses.map((response) => JSON.parse(response.body) as { id: number });
    expect(second?.id).toBeGreaterThan(first?.id ?? Infinity);

    const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    const bodies = listed.json<{ id: number; body: string }[]>().map((event) => [event.id, event.body]);
    expect(bodies).toEqual(
      expect.arrayContaining([
        [first?.id, 'first'],
        [second?.id, 'second'],
      ]),
    );
  });
});
