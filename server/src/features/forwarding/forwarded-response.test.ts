import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listen } from '../../../test/socket.js';
import { passedOnHeaders } from './responders.js';
import { openStream } from './test-helpers.js';

describe('POST /api/events/{id}/forwarded-response', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function storedEvent(sessionId: string): Promise<number> {
    const response = await app.inject({ method: 'POST', url: `/webhook/${sessionId}`, payload: 'x' });
    return response.json<{ id: number }>().id;
  }

  function post(id: number | string, payload: unknown, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: `/api/events/${id}/forwarded-response`,
      headers,
      payload: payload as object,
    });
  }

  it('answers 401 without a session', async () => {
    const response = await post(1, { error: 'down' });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another session's event and for an unknown id", async () => {
    const owner = await createSession(app);
    const other = await createSession(app);
    const id = await storedEvent(owner.sessionId);
    for (const target of [id, 999_999]) {
      const response = await post(target, { error: 'down' }, asUser(other));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'This request does not exist or was deleted.' });
    }
  });

  it('answers 400 to an answer it cannot pass on', async () => {
    const user = await createSession(app);
    const id = await storedEvent(user.sessionId);
    const invalid = [
      {},
      { status: 99, rawHeaders: [], body: '' },
      { status: 200, rawHeaders: [['Bad Name', 'x']], body: '' },
      { status: 200, rawHeaders: [['X-A', 'a\r\nInjected: yes']], body: '' },
      { status: 200, rawHeaders: [], body: 'not base64!' },
      { error: '' },
    ];
    for (const payload of invalid) {
      const response = await post(id, payload, asUser(user));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    }
    expect((await post('abc', { error: 'x' }, asUser(user))).statusCode).toBe(400);
  });

  it('accepts an answer for a stored event even when no capture waits any more', async () => {
    const user = await createSession(app);
    const id = await storedEvent(user.sessionId);
    const response = await post(id, { status: 200, rawHeaders: [['X-A', '1']], body: 'b2s=' }, asUser(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('the size of an answer the forwarder posts back', () => {
  /** Posts an answer whose body holds `bodyBytes` bytes (as base64) for a new event of a new session. */
  async function postAnswerOf(app: FastifyInstance, bodyBytes: number) {
    const user = await createSession(app);
    const captured = await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: 'x' });
    const payload = JSON.stringify({
      status: 200,
      rawHeaders: [],
      body: Buffer.alloc(bodyBytes, 'a').toString('base64'),
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/events/${captured.json<{ id: number }>().id}/forwarded-response`,
      headers: { ...asUser(user), 'content-type': 'application/json' },
      payload,
    });
    return { response, payloadBytes: Buffer.byteLength(payload) };
  }

  it('may be larger than 16 MiB when captures may be as large', async () => {
    const app = await buildTestApp({ captureMaxBytes: 14 * 1024 * 1024 });
    try {
      const { response, payloadBytes } = await postAnswerOf(app, 13 * 1024 * 1024);
      expect(payloadBytes).toBeGreaterThan(16 * 1024 * 1024);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('follows the capture limit: a body as large as a capture fits, a larger one answers 413', async () => {
    const app = await buildTestApp({ captureMaxBytes: 1024 });
    try {
      expect((await postAnswerOf(app, 1024)).response.statusCode).toBe(200);
      const { response } = await postAnswerOf(app, 128 * 1024);
      expect(response.statusCode).toBe(413);
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    } finally {
      await app.close();
    }
  });
});

describe("the target's headers given to the sender", () => {
  it('leave out hop-by-hop headers and Content-Length, and keep repeats in order', () => {
    expect(
      passedOnHeaders([
        ['Content-Type', 'text/plain'],
        ['Connection', 'close'],
        ['Keep-Alive', 'timeout=5'],
        ['Transfer-Encoding', 'chunked'],
        ['Content-Length', '5'],
        ['Proxy-Authenticate', 'Basic'],
        ['Set-Cookie', 'a=1'],
        ['set-cookie', 'b=2'],
        ['Upgrade', 'h2c'],
        ['Trailer', 'X'],
        ['TE', 'trailers'],
      ]),
    ).toEqual({ 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] });
  });
});

describe('shutting down with a stream open', () => {
  it('ends the stream, so an open stream never holds the server up', async () => {
    const app = await buildTestApp();
    const origin = await listen(app);
    const user = await createSession(app);
    const stream = await openStream(origin, { sessionId: user.sessionId });
    expect(stream.status).toBe(200);
    const ended = new Promise<void>((resolve) => stream.onEnd(resolve));
    await app.close();
    await ended;
  });
});
