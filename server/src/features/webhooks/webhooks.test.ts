import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import {
  EVENT_BODY_PREVIEW_BYTES,
  TRUNCATED_STUB_BYTES,
  type WebhookEvent,
} from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends, type TestAppOptions } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listen } from '../../../test/socket.js';
import { DRAIN_EXTRA_BYTES } from '../capture/read-body.js';
import { listEvents } from './test-captures.js';

const MiB = 1024 * 1024;
const SMALL_LIMIT = 1024;

interface CaptureOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string | string[]>;
  payload?: InjectOptions['payload'];
}

function capture(app: FastifyInstance, user: SessionUser, options: CaptureOptions = {}) {
  return app.inject({
    method: options.method ?? 'POST',
    url: `/webhook/${user.sessionId}${options.path ?? ''}`,
    headers: options.headers,
    payload: options.payload,
  });
}

/** Captures a request that must be accepted; returns the id it was stored under. */
async function captureOk(app: FastifyInstance, user: SessionUser, options: CaptureOptions = {}) {
  const response = await capture(app, user, options);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ ok: boolean; id: number }>();
  expect(answer.ok).toBe(true);
  expect(typeof answer.id).toBe('number');
  return answer.id;
}

async function eventById(app: FastifyInstance, user: SessionUser, id: number): Promise<WebhookEvent> {
  const event = (await listEvents(app, user, `?after=${id - 1}&before=${id + 1}`))[0];
  if (!event) throw new Error(`event ${id} is not listed`);
  return event;
}

function fetchBody(app: FastifyInstance, user: SessionUser, id: number, decoded = false) {
  return app.inject({
    method: 'GET',
    url: `/api/events/${id}/body${decoded ? '?decoded=1' : ''}`,
    headers: asUser(user),
  });
}

async function storedBody(app: FastifyInstance, user: SessionUser, id: number, decoded = false) {
  const response = await fetchBody(app, user, id, decoded);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

function expectJsonError(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const answer = response.json<{ error: unknown }>();
  expect(typeof answer.error).toBe('string');
}

function allByteValues(): Buffer {
  return Buffer.from(Array.from({ length: 256 }, (_, index) => index));
}

interface RawResponse {
  status: number;
  head: string;
  body: Buffer;
}

/**
 * Sends bytes exactly as given over a plain TCP connection (the request should say
 * `Connection: close`) and resolves with the whole answer once the server closes. With
 * `readAfterWriting`, nothing is read until every byte has been written, like a sender that
 * only looks at the answer once it has sent its whole body.
 */
function rawRequest(
  origin: string,
  parts: Buffer[],
  options: { readAfterWriting?: boolean } = {},
): Promise<RawResponse> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => {
      const all = Buffer.concat(received);
      const headEnd = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, headEnd).toString('latin1');
      resolve({ status: Number(head.split(' ')[1]), head, body: all.subarray(headEnd + 4) });
    });
    if (options.readAfterWriting) socket.pause();
    let index = 0;
    function writeMore(): void {
      while (index < parts.length) {
        const part = parts[index++] as Buffer;
        if (!socket.write(part)) {
          socket.once('drain', writeMore);
          return;
        }
      }
      socket.resume();
    }
    writeMore();
  });
}

describe.each(storageBackends)('webhook capture and events API on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  /** Apps with a special configuration, closed after each test. */
  const extraApps: FastifyInstance[] = [];
  async function buildApp(options: TestAppOptions): Promise<FastifyInstance> {
    const built = await buildTestApp({ postgres, ...options });
    extraApps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(extraApps.splice(0).map((extra) => extra.close()));
  });

  describe('capture', () => {
    it('a JSON body is stored byte for byte, parsed into payload and answered with {ok, id}', async () => {
      const user = await createSession(app);
      const text = '{ "event": "paid",\n  "amount": 12.5, "tags": ["a", "é"] }';
      const response = await capture(app, user, {
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: text,
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json<{ ok: boolean; id: number }>();
      expect(answer).toEqual({ ok: true, id: expect.any(Number) });

      const event = await eventById(app, user, answer.id);
      expect(event).toMatchObject({
        id: answer.id,
        method: 'POST',
        path: '/',
        queryString: '',
        queryParams: {},
        body: text,
        bodyEncoding: 'utf8',
        payload: { event: 'paid', amount: 12.5, tags: ['a', 'é'] },
        contentType: 'application/json; charset=utf-8',
        size: Buffer.byteLength(text),
        truncated: false,
        bodyCut: false,
        isDeleted: false,
      });
      expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
      expect((await storedBody(app, user, answer.id)).equals(Buffer.from(text))).toBe(true);
    });

    it('an urlencoded form body is kept exactly as sent and has no JSON payload', async () => {
      const user = await createSession(app);
      const text = 'name=J%C3%BCrgen+Smith&tags=a&tags=b&empty=&plus=1%2B1';
      const id = await captureOk(app, user, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: text,
      });
      const event = await eventById(app, user, id);
      expect(event.body).toBe(text);
      expect(event.payload).toBeNull();
      expect(event.contentType).toBe('application/x-www-form-urlencoded');
      expect((await storedBody(app, user, id)).toString('latin1')).toBe(text);
    });

    it('a multipart body with a binary file part is kept byte for byte', async () => {
      const user = await createSession(app);
      const boundary = '----hookbay-boundary-7d9';
      const multipart = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        allByteValues(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const id = await captureOk(app, user, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: multipart,
      });
      const event = await eventById(app, user, id);
      expect(event.size).toBe(multipart.length);
      expect(event.bodyEncoding).toBe('base64');
      expect(Buffer.from(event.body, 'base64').equals(multipart)).toBe(true);
      expect((await storedBody(app, user, id)).equals(multipart)).toBe(true);
    });

    it('a binary body with all 256 byte values is shown as base64 and downloads unchanged', async () => {
      const user = await createSession(app);
      const bytes = allByteValues();
      const id = await captureOk(app, user, {
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      const event = await eventById(app, user, id);
      expect(event).toMatchObject({
        bodyEncoding: 'base64',
        body: bytes.toString('base64'),
        payload: null,
        size: 256,
      });
      const download = await fetchBody(app, user, id);
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.rawPayload.equals(bytes)).toBe(true);
    });

    it('a gzip body is stored compressed and the decoded download gives the original', async () => {
      const user = await createSession(app);
      const original = Buffer.from(JSON.stringify({ compressed: true, filler: 'x'.repeat(2000) }));
      const gzipped = zlib.gzipSync(original);
      const id = await captureOk(app, user, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipped,
      });
      const event = await eventById(app, user, id);
      expect(event.size).toBe(gzipped.length);
      expect(event.bodyEncoding).toBe('base64');
      expect((await storedBody(app, user, id)).equals(gzipped)).toBe(true);
      expect((await storedBody(app, user, id, true)).equals(original)).toBe(true);
    });

    it('deflate (zlib or raw) and brotli bodies decode too; an unencoded body downloads as stored', async () => {
      const user = await createSession(app);
      const original = Buffer.from('decode me '.repeat(100));
      const cases: [string, Buffer][] = [
        ['deflate', zlib.deflateSync(original)],
        ['deflate', zlib.deflateRawSync(original)],
        ['br', zlib.brotliCompressSync(original)],
        ['identity', original],
      ];
      for (const [encoding, encoded] of cases) {
        const id = await captureOk(app, user, {
          headers: { 'content-encoding': encoding },
          payload: encoded,
        });
        expect((await storedBody(app, user, id)).equals(encoded)).toBe(true);
        expect((await storedBody(app, user, id, true)).equals(original)).toBe(true);
      }
      const plainId = await captureOk(app, user, { payload: original });
      expect((await storedBody(app, user, plainId, true)).equals(original)).toBe(true);
    });

    it('a body that cannot be decoded answers 422 JSON on the decoded download only', async () => {
      const user = await createSession(app);
      const notCompressed = Buffer.from('this is not compressed at all');
      for (const encoding of ['gzip', 'deflate', 'br', 'compress']) {
        const id = await captureOk(app, user, {
          headers: { 'content-encoding': encoding },
          payload: notCompressed,
        });
        expectJsonError(await fetchBody(app, user, id, true), 422);
        expect((await storedBody(app, user, id)).equals(notCompressed)).toBe(true);
      }
    });

    it('an empty body is recorded with size 0 and downloads as zero bytes', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, { method: 'POST' });
      const event = await eventById(app, user, id);
      expect(event).toMatchObject({
        body: '',
        bodyEncoding: 'utf8',
        size: 0,
        payload: null,
        truncated: false,
      });
      expect((await storedBody(app, user, id)).length).toBe(0);
    });

    it('a 5 MiB body is accepted under the default limit and downloads exactly; the event shows its first 1 MiB', async () => {
      const user = await createSession(app);
      const bytes = randomBytes(5 * MiB);
      const id = await captureOk(app, user, {
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      const event = await eventById(app, user, id);
      expect(event).toMatchObject({ size: 5 * MiB, truncated: false, bodyCut: true, bodyEncoding: 'base64' });
      expect(Buffer.from(event.body, 'base64').equals(bytes.subarray(0, EVENT_BODY_PREVIEW_BYTES))).toBe(
        true,
      );
      expect((await storedBody(app, user, id)).equals(bytes)).toBe(true);
    });

    it('a request sent with GET and a body keeps the body', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, {
        method: 'GET',
        headers: { 'content-type': 'application/json' },
        payload: '{"get":"with body"}',
      });
      const event = await eventById(app, user, id);
      expect(event).toMatchObject({
        method: 'GET',
        body: '{"get":"with body"}',
        payload: { get: 'with body' },
      });
    });

    it('every method is captured, including WebDAV and cache methods', async () => {
      const user = await createSession(app);
      const methods = [
        'GET',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
        'HEAD',
        'OPTIONS',
        'PROPFIND',
        'PURGE',
        'REPORT',
        'QUERY',
      ];
      for (const method of methods) {
        const response = await capture(app, user, { method, path: `/${method.toLowerCase()}` });
        expect(response.statusCode, `${method}: ${response.body}`).toBe(200);
      }
      const events = await listEvents(app, user);
      expect(events.map((event) => [event.method, event.path]).reverse()).toEqual(
        methods.map((method) => [method, `/${method.toLowerCase()}`]),
      );
    });

    it('DELETE, OPTIONS and PROPFIND requests keep their bodies', async () => {
      const user = await createSession(app);
      for (const method of ['DELETE', 'OPTIONS', 'PROPFIND']) {
        const payload = `<body of="${method}"/>`;
        const id = await captureOk(app, user, {
          method,
          headers: { 'content-type': 'application/xml' },
          payload,
        });
        expect((await eventById(app, user, id)).body).toBe(payload);
      }
    });

    it('a path below the webhook URL and a query with repeated keys are recorded', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, {
        path: '/orders/42/items?x=1&x=2&name=a+b&enc=%C3%A9&flag',
      });
      const event = await eventById(app, user, id);
      expect(event.path).toBe('/orders/42/items');
      expect(event.queryString).toBe('x=1&x=2&name=a+b&enc=%C3%A9&flag');
      expect(event.queryParams).toEqual({ x: ['1', '2'], name: 'a b', enc: 'é', flag: '' });
    });

    it('the bare webhook URL and a trailing slash both record the path /', async () => {
      const user = await createSession(app);
      const bare = await captureOk(app, user, { path: '?only=query' });
      const slash = await captureOk(app, user, { path: '/' });
      expect(await eventById(app, user, bare)).toMatchObject({ path: '/', queryParams: { only: 'query' } });
      expect((await eventById(app, user, slash)).path).toBe('/');
    });

    it('a malformed or odd Content-Type is still captured and recorded as sent', async () => {
      const user = await createSession(app);
      for (const contentType of ['json', 'text; charset=utf-8', 'application/json', '']) {
        const id = await captureOk(app, user, { headers: { 'content-type': contentType }, payload: 'abc' });
        const event = await eventById(app, user, id);
        expect(event.body).toBe('abc');
        expect(event.contentType).toBe(contentType);
      }
    });

    it('a request without Content-Type keeps its body and records contentType null', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, { payload: Buffer.from('no type') });
      expect(await eventById(app, user, id)).toMatchObject({ body: 'no type', contentType: null });
    });

    it('the ip and the user agent are recorded', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, {
        headers: { 'user-agent': 'Stripe/1.0 (+https://stripe.com)' },
      });
      const event = await eventById(app, user, id);
      expect(event.ip).toBe('127.0.0.1');
      expect(event.userAgent).toBe('Stripe/1.0 (+https://stripe.com)');
    });

    it('a JSON-looking body that is not valid JSON has a null payload', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, {
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(await eventById(app, user, id)).toMatchObject({ body: '{"broken": ', payload: null });
    });

    it('a JSON body nested 100,000 levels deep is stored as sent, with a null payload, and the list keeps working', async () => {
      const user = await createSession(app);
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      const response = await capture(app, user, {
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode).toBe(200);
      const id = response.json<{ id: number }>().id;
      // A shallow document sent afterwards is still listed, and parsed, beside the deep one.
      const shallowId = await captureOk(app, user, {
        headers: { 'content-type': 'application/json' },
        payload: '{"a":[[[1]]]}',
      });
      const listed = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
      expect(listed.statusCode).toBe(200);
      const events = listed.json<WebhookEvent[]>();
      expect(events.map((event) => event.id)).toEqual([shallowId, id]);
      expect(events[0]).toMatchObject({ payload: { a: [[[1]]] } });
      expect(events[1]).toMatchObject({ body: deep, payload: null, size: deep.length });
      expect((await storedBody(app, user, id)).toString()).toBe(deep);
    });

    it('the answer carries permissive CORS headers for the calling origin', async () => {
      const user = await createSession(app);
      const response = await capture(app, user, {
        headers: { origin: 'https://sender.example' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('https://sender.example');
      const withoutOrigin = await capture(app, user, { payload: 'x' });
      expect(withoutOrigin.headers['access-control-allow-origin']).toBe('*');
    });

    it('a CORS preflight gets allow-origin, allow-methods and allow-headers', async () => {
      const user = await createSession(app);
      const response = await capture(app, user, {
        method: 'OPTIONS',
        path: '/hook',
        headers: {
          origin: 'https://browser.example',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type, x-signature',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('https://browser.example');
      expect(response.headers['access-control-allow-methods']).toBe('PUT');
      expect(response.headers['access-control-allow-headers']).toBe('content-type, x-signature');
    });

    it('concurrent captures each get their own id and their own stored request', async () => {
      const user = await createSession(app);
      const ids = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          captureOk(app, user, { path: `/n/${index}`, payload: `${index}` }),
        ),
      );
      expect(new Set(ids).size).toBe(50);
      const events = await listEvents(app, user, '?limit=50');
      const pathById = new Map(events.map((event) => [event.id, [event.path, event.body]]));
      ids.forEach((id, index) => expect(pathById.get(id)).toEqual([`/n/${index}`, `${index}`]));
    });

    it('a well-formed but unknown session answers 404 JSON and stores nothing', async () => {
      const response = await app.inject({ method: 'POST', url: `/webhook/${randomUUID()}/x`, payload: 'hi' });
      expectJsonError(response, 404);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });

    it('a session id that is not a UUID answers 404 JSON', async () => {
      expectJsonError(
        await app.inject({ method: 'POST', url: '/webhook/not-a-session', payload: 'hi' }),
        404,
      );
      expectJsonError(await app.inject({ method: 'GET', url: '/webhook/12345/deeper' }), 404);
    });
  });

  describe('headers over a real connection', () => {
    it('rawHeaders keep the original name case, order and duplicates; headers collect duplicates into an array', async () => {
      const listening = await buildApp({});
      const origin = await listen(listening);
      const user = await createSession(listening);
      const body = '{"a":1}';
      const request = [
        `POST /webhook/${user.sessionId}/hdr HTTP/1.1`,
        'Host: 127.0.0.1',
        'X-Custom-Header: one',
        'content-type: application/json',
        'x-custom-header: two',
        'X-Another: A',
        'X-CUSTOM-HEADER: three',
        `Content-Length: ${body.length}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n');
      const response = await rawRequest(origin, [Buffer.from(request)]);
      expect(response.status, response.body.toString()).toBe(200);
      const { id } = JSON.parse(response.body.toString()) as { id: number };

      const event = await eventById(listening, user, id);
      expect(event.rawHeaders).toEqual([
        ['Host', '127.0.0.1'],
        ['X-Custom-Header', 'one'],
        ['content-type', 'application/json'],
        ['x-custom-header', 'two'],
        ['X-Another', 'A'],
        ['X-CUSTOM-HEADER', 'three'],
        ['Content-Length', String(body.length)],
        ['Connection', 'close'],
      ]);
      expect(event.headers).toEqual({
        Host: '127.0.0.1',
        'X-Custom-Header': ['one', 'two', 'three'],
        'content-type': 'application/json',
        'X-Another': 'A',
        'Content-Length': String(body.length),
        Connection: 'close',
      });
      expect(Object.keys(event.headers)).toEqual([
        'Host',
        'X-Custom-Header',
        'content-type',
        'X-Another',
        'Content-Length',
        'Connection',
      ]);
      expect(event.payload).toEqual({ a: 1 });
    });
  });

  describe('unknown sessions over a real connection', () => {
    it('a capture for an unknown session is answered 404 without waiting for its body', async () => {
      const listening = await buildApp({});
      const origin = await listen(listening);
      const head = [
        `POST /webhook/${randomUUID()} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Content-Length: ${MiB}`,
        'Connection: close',
        '',
        'only the start of the body',
      ].join('\r\n');
      const response = await rawRequest(origin, [Buffer.from(head)]);
      expect(response.status).toBe(404);
      expect(typeof (JSON.parse(response.body.toString()) as { error: unknown }).error).toBe('string');
    });
  });

  describe('bodies over the capture limit', () => {
    it('a body exactly at the limit is accepted and one byte more is refused', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const user = await createSession(small);
      const atLimit = await capture(small, user, { payload: Buffer.alloc(SMALL_LIMIT, 'a') });
      expect(atLimit.statusCode).toBe(200);
      expectJsonError(await capture(small, user, { payload: Buffer.alloc(SMALL_LIMIT + 1, 'a') }), 413);
    });

    it('an oversized body with Content-Length answers 413 JSON and is recorded as a truncated 64 KiB stub', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const user = await createSession(small);
      const bytes = randomBytes(200 * 1024);
      const response = await capture(small, user, {
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      expectJsonError(response, 413);
      const { id } = response.json<{ id: number }>();

      const event = await eventById(small, user, id);
      expect(event).toMatchObject({ truncated: true, size: bytes.length, payload: null, bodyCut: false });
      const stub = await storedBody(small, user, id);
      expect(stub.equals(bytes.subarray(0, TRUNCATED_STUB_BYTES))).toBe(true);
    });

    it('an oversized body smaller than the stub is kept whole but still marked truncated', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const user = await createSession(small);
      const text = `{"big":"${'y'.repeat(3000)}"}`;
      const response = await capture(small, user, {
        headers: { 'content-type': 'application/json' },
        payload: text,
      });
      expectJsonError(response, 413);
      const event = await eventById(small, user, response.json<{ id: number }>().id);
      expect(event).toMatchObject({ truncated: true, size: text.length, body: text, payload: null });
    });

    it('an oversized chunked body (no Content-Length) answers 413 and records the bytes sent', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const user = await createSession(small);
      const chunks = Array.from({ length: 20 }, () => randomBytes(10 * 1024));
      const response = await capture(small, user, { payload: Readable.from(chunks) });
      expectJsonError(response, 413);
      const event = await eventById(small, user, response.json<{ id: number }>().id);
      expect(event).toMatchObject({ truncated: true, size: 200 * 1024 });
      const stub = await storedBody(small, user, event.id);
      expect(stub.equals(Buffer.concat(chunks).subarray(0, TRUNCATED_STUB_BYTES))).toBe(true);
    });

    it('an oversized body sent over a real connection in chunks gets the 413 JSON and leaves a stub', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const origin = await listen(small);
      const user = await createSession(small);
      const chunk = randomBytes(16 * 1024);
      const chunkCount = 128; // 2 MiB in all
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${origin}/webhook/${user.sessionId}/big`, {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': chunk.length * chunkCount,
          },
        });
        request.on('error', reject);
        request.on('response', (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
          );
        });
        let written = 0;
        function writeMore(): void {
          while (written < chunkCount) {
            written += 1;
            if (!request.write(chunk)) {
              request.once('drain', writeMore);
              return;
            }
          }
          request.end();
        }
        writeMore();
      });
      expect(answer.status).toBe(413);
      const parsed = JSON.parse(answer.body) as { error: string; id: number };
      expect(parsed.error).toMatch(/1024 byte limit/);

      const event = await eventById(small, user, parsed.id);
      expect(event).toMatchObject({ path: '/big', truncated: true, size: chunk.length * chunkCount });
      const stub = await storedBody(small, user, parsed.id);
      expect(stub.equals(Buffer.concat(Array.from({ length: 4 }, () => chunk)))).toBe(true);
    });

    it('a sender that reads the answer only after writing its whole oversized body still gets the 413', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const origin = await listen(small);
      const user = await createSession(small);
      const piece = Buffer.alloc(64 * 1024, 'z');
      const pieceCount = 64; // 4 MiB, far more than the socket buffers hold
      for (const chunked of [false, true]) {
        const head = Buffer.from(
          [
            `PUT /webhook/${user.sessionId}/sequential HTTP/1.1`,
            'Host: 127.0.0.1',
            chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${piece.length * pieceCount}`,
            'Connection: close',
            '',
            '',
          ].join('\r\n'),
        );
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        const parts = [head, ...Array.from({ length: pieceCount }, () => framed)];
        if (chunked) parts.push(Buffer.from('0\r\n\r\n'));

        const response = await rawRequest(origin, parts, { readAfterWriting: true });
        expect(response.status).toBe(413);
        const { id } = JSON.parse(response.body.toString()) as { id: number };
        expect(await eventById(small, user, id)).toMatchObject({
          method: 'PUT',
          truncated: true,
          size: piece.length * pieceCount,
        });
      }
    });

    it('a body declared far larger than can be drained is answered after the stub and its connection closed', async () => {
      const small = await buildApp({ captureMaxBytes: SMALL_LIMIT });
      const origin = await listen(small);
      const user = await createSession(small);
      const declared = DRAIN_EXTRA_BYTES * 16;
      const stub = randomBytes(TRUNCATED_STUB_BYTES);
      const head = Buffer.from(
        [
          `POST /webhook/${user.sessionId} HTTP/1.1`,
          'Host: 127.0.0.1',
          `Content-Length: ${declared}`,
          '',
          '',
        ].join('\r\n'),
      );
      // Only the stub is sent: the server must answer without waiting for the rest.
      const response = await rawRequest(origin, [head, stub]);
      expect(response.status).toBe(413);
      expect(response.head).toMatch(/^connection: close$/im);
      const { id } = JSON.parse(response.body.toString()) as { id: number };
      expect(await eventById(small, user, id)).toMatchObject({ truncated: true, size: declared });
      expect((await storedBody(small, user, id)).equals(stub)).toBe(true);
    });
  });

  describe('events API', () => {
    it('listing events without a session, with an unknown one or a malformed one answers 401 JSON', async () => {
      expectJsonError(await app.inject({ method: 'GET', url: '/api/events' }), 401);
      expectJsonError(
        await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-session-id': randomUUID() } }),
        401,
      );
      expectJsonError(
        await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-session-id': 'nope' } }),
        401,
      );
      expectJsonError(await app.inject({ method: 'DELETE', url: '/api/events/1' }), 401);
      expectJsonError(await app.inject({ method: 'GET', url: '/api/events/1/body' }), 401);
    });

    it('a new session has no events', async () => {
      const user = await createSession(app);
      expect(await listEvents(app, user)).toEqual([]);
    });

    it('events are listed newest first and only the session’s own', async () => {
      const user = await createSession(app);
      const other = await createSession(app);
      const first = await captureOk(app, user, { path: '/1' });
      await captureOk(app, other, { path: '/other' });
      const second = await captureOk(app, user, { path: '/2' });
      const events = await listEvents(app, user);
      expect(events.map((event) => [event.id, event.path])).toEqual([
        [second, '/2'],
        [first, '/1'],
      ]);
    });

    it('pages with limit, before and after', async () => {
      const user = await createSession(app);
      const ids: number[] = [];
      for (let index = 0; index < 5; index += 1) ids.push(await captureOk(app, user, { path: `/${index}` }));
      const [e1, e2, e3, e4, e5] = ids as [number, number, number, number, number];
      const idsOf = async (query: string) => (await listEvents(app, user, query)).map((event) => event.id);

      expect(await idsOf('')).toEqual([e5, e4, e3, e2, e1]);
      expect(await idsOf('?limit=2')).toEqual([e5, e4]);
      expect(await idsOf(`?limit=2&before=${e4}`)).toEqual([e3, e2]);
      expect(await idsOf(`?before=${e2}`)).toEqual([e1]);
      expect(await idsOf(`?after=${e3}`)).toEqual([e5, e4]);
      expect(await idsOf(`?after=${e1}&before=${e4}`)).toEqual([e3, e2]);
      expect(await idsOf(`?after=${e5}`)).toEqual([]);
      expect(await idsOf('?after=0&limit=1')).toEqual([e5]);
    });

    it('invalid paging parameters answer 400 JSON', async () => {
      const user = await createSession(app);
      for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?before=-1', '?after=x', '?before=1.5']) {
        expectJsonError(
          await app.inject({ method: 'GET', url: `/api/events${query}`, headers: asUser(user) }),
          400,
        );
      }
    });

    it('deleting an event hides it from the list and its body; deleting it again answers 404', async () => {
      const user = await createSession(app);
      const kept = await captureOk(app, user, { payload: 'kept' });
      const deleted = await captureOk(app, user, { payload: 'deleted' });
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/events/${deleted}`,
        headers: asUser(user),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });

      expect((await listEvents(app, user)).map((event) => event.id)).toEqual([kept]);
      expectJsonError(await fetchBody(app, user, deleted), 404);
      expectJsonError(
        await app.inject({ method: 'DELETE', url: `/api/events/${deleted}`, headers: asUser(user) }),
        404,
      );
    });

    it('another session’s event cannot be deleted or downloaded: 404, and it stays for its owner', async () => {
      const owner = await createSession(app);
      const stranger = await createSession(app);
      const id = await captureOk(app, owner, { payload: 'private' });
      expectJsonError(
        await app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: asUser(stranger) }),
        404,
      );
      expectJsonError(await fetchBody(app, stranger, id), 404);
      expectJsonError(await fetchBody(app, stranger, id, true), 404);
      expect(await listEvents(app, stranger)).toEqual([]);
      expect((await listEvents(app, owner)).map((event) => event.id)).toEqual([id]);
    });

    it('an unknown event id answers 404 JSON and a malformed one 400 JSON', async () => {
      const user = await createSession(app);
      expectJsonError(await fetchBody(app, user, 987_654_321), 404);
      expectJsonError(
        await app.inject({ method: 'DELETE', url: '/api/events/987654321', headers: asUser(user) }),
        404,
      );
      expectJsonError(
        await app.inject({ method: 'GET', url: '/api/events/abc/body', headers: asUser(user) }),
        400,
      );
      expectJsonError(
        await app.inject({ method: 'DELETE', url: '/api/events/0', headers: asUser(user) }),
        400,
      );
    });

    it('the body download can be authorised with a sessionId query parameter or the session cookie', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, { payload: 'link' });
      const byQuery = await app.inject({
        method: 'GET',
        url: `/api/events/${id}/body?sessionId=${user.sessionId}`,
      });
      expect(byQuery.statusCode).toBe(200);
      expect(byQuery.body).toBe('link');
      const byCookie = await app.inject({
        method: 'GET',
        url: `/api/events/${id}/body`,
        cookies: { hookbay_session: user.sessionId },
      });
      expect(byCookie.body).toBe('link');
    });

    it('numbers in events are numbers and the timestamp is an ISO date of the capture', async () => {
      const user = await createSession(app);
      const before = Date.now();
      const id = await captureOk(app, user, { payload: 'n' });
      const event = await eventById(app, user, id);
      expect(typeof event.id).toBe('number');
      expect(typeof event.size).toBe('number');
      expect(event.timestamp).toBe(new Date(event.timestamp).toISOString());
      const at = Date.parse(event.timestamp);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('retention', () => {
    it('pruning keeps only the newest eventsPerSession events of each session', async () => {
      const retained = await buildApp({ eventsPerSession: 3 });
      const busy = await createSession(retained);
      const quiet = await createSession(retained);
      const busyIds: number[] = [];
      for (let index = 0; index < 6; index += 1)
        busyIds.push(await captureOk(retained, busy, { payload: `${index}` }));
      const quietIds = [await captureOk(retained, quiet), await captureOk(retained, quiet)];

      await retained.services.webhooks.pruneTouchedSessions();

      expect((await listEvents(retained, busy)).map((event) => event.id)).toEqual(busyIds.slice(3).reverse());
      expect((await listEvents(retained, quiet)).map((event) => event.id)).toEqual([...quietIds].reverse());
      expectJsonError(await fetchBody(retained, busy, busyIds[0] as number), 404);

      const later = await captureOk(retained, busy);
      await retained.services.webhooks.pruneTouchedSessions();
      expect((await listEvents(retained, busy)).map((event) => event.id)).toEqual([
        later,
        ...busyIds.slice(4).reverse(),
      ]);
    });
  });

  describe('client ip', () => {
    it('with trustProxy the first X-Forwarded-For address is the ip', async () => {
      const proxied = await buildApp({ trustProxy: true });
      const user = await createSession(proxied);
      const id = await captureOk(proxied, user, { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
      expect((await eventById(proxied, user, id)).ip).toBe('203.0.113.7');
    });

    it('without trustProxy X-Forwarded-For is ignored', async () => {
      const user = await createSession(app);
      const id = await captureOk(app, user, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      const event = await eventById(app, user, id);
      expect(event.ip).toBe('127.0.0.1');
      expect(event.headers['x-forwarded-for']).toBe('203.0.113.7');
    });
  });
});
