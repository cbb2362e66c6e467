/**
 * Hundreds of clients trickling their headers one byte a second (slowloris): a normal capture from
 * another client is still answered, and the server closes every slow connection itself once the
 * headers timeout (shortened here through the config) has passed.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/sessions.js';
import { buildTestApp } from '../../test/app.js';
import { createSession } from '../../test/factories.js';
import { waitFor } from '../../test/processes.js';
import { listen } from '../../test/socket.js';
import { DEFAULT_HTTP_LIMITS } from '../config.js';

const SLOW_CLIENTS = 300;

interface SlowClient {
  socket: net.Socket;
  received: string;
  closedByServer: boolean;
}

/** Opens a connection that sends a request line and then one header byte per second, forever. */
function trickle(port: number, path: string): SlowClient {
  const socket = net.connect(port, '127.0.0.1');
  const client: SlowClient = { socket, received: '', closedByServer: false };
  socket.on('connect', () => socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nX-Slow: `));
  const timer = setInterval(() => socket.write('a'), 1000);
  socket.on('data', (chunk) => (client.received += chunk.toString()));
  socket.on('end', () => (client.closedByServer = true));
  socket.on('error', () => undefined);
  socket.on('close', () => clearInterval(timer));
  return client;
}

describe('slow clients', () => {
  let app: FastifyInstance;
  let origin: string;
  let user: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({
      httpLimits: { ...DEFAULT_HTTP_LIMITS, headersTimeoutMs: 3000, timeoutCheckIntervalMs: 250 },
    });
    origin = await listen(app);
    user = await createSession(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('trickling headers cannot starve a normal capture, and the server cuts the trickle with 408', async () => {
    const port = Number(new URL(origin).port);
    const slow = Array.from({ length: SLOW_CLIENTS }, () => trickle(port, `/webhook/${user.sessionId}/slow`));
    await waitFor('every slow client to connect', () =>
      slow.every((client) => client.socket.readyState === 'open'),
    );

    const captured = await fetch(`${origin}/webhook/${user.sessionId}/normal`, {
      method: 'POST',
      body: 'hello',
    });
    expect(captured.status).toBe(200);
    expect(await captured.json()).toMatchObject({ ok: true });

    await waitFor(
      'the server to close every slow connection',
      () => slow.every((client) => client.closedByServer),
      30_000,
    );
    for (const client of slow) {
      expect(client.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(client.received).toContain('{"error":"The request took too long to arrive."}');
    }
    // None of the slow requests was stored.
    const events = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'x-session-id': user.sessionId },
    });
    expect(events.json<{ path: string }[]>().map((event) => event.path)).toEqual(['/normal']);
  });
});
