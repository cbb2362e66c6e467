import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_ANSWER_MAX_BYTES, replayPath, type ReplayAnswer } from '../../../../shared/replay.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { loadConfig } from '../../config.js';
import { registerErrorHandler } from '../../http/errors.js';
import { enforceRouteAccess } from '../../http/route-access.js';
import { useZodRouteSchemas } from '../../http/validation.js';
import { identityPlugin } from '../../http/identity.js';
import { registerLimiter } from '../../http/rate-limit/limiter.js';
import { createOutageLog } from '../../outage-log.js';
import { buildTestApp, type TestAppOptions } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listen } from '../../../test/socket.js';
import type { ResolvedAddress } from './address-guard.js';
import { replayRoutes, type ReplayRoutesOptions } from './replay.routes.js';
import { parsePublicOrigin } from '../../config.js';

interface Received {
  method: string;
  url: string;
  rawHeaders: [string, string][];
  body: Buffer;
}

function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    // The loop bound keeps both indexes inside the array.
    result.push([flat[index] as string, flat[index + 1] as string]);
  }
  return result;
}

/** A real HTTP server on 127.0.0.1 that records what reached it and answers with `respond`. */
async function startTarget(respond: (request: Received, response: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        rawHeaders: pairs(request.rawHeaders),
        body: Buffer.concat(chunks),
      };
      received.push(entry);
      respond(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Target = Awaited<ReturnType<typeof startTarget>>;

/** Sends a request over a real connection, so header case and order reach the capture as written. */
function sendRaw(origin: string, path: string, method: string, headers: string[], body: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

function replay(app: FastifyInstance, user: SessionUser | null, id: number | string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: replayPath(id as number),
    headers: user ? asUser(user) : {},
    payload: payload as Record<string, unknown>,
  });
}

function answerOf(response: LightMyRequestResponse): ReplayAnswer {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReplayAnswer>();
}

function expectError(response: LightMyRequestResponse, status: number, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { error } = response.json<{ error: string }>();
  if (typeof message === 'string') expect(error).toBe(message);
  else expect(error).toMatch(message);
}

async function listEvents(app: FastifyInstance, user: SessionUser): Promise<WebhookEvent[]> {
  const response = await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
  return response.json<WebhookEvent[]>();
}

const BODY = Buffer.from('{"order":42,"note":"grüße"}');
const CAPTURE_HEADERS = [
  'Host',
  'hooks.example',
  'X-Signature',
  'sha256=abc',
  'content-type',
  'application/json',
  'Connection',
  'keep-alive',
  'Proxy-Authorization',
  'Basic c2VjcmV0',
  'X-Repeat',
  'one',
  'x-repeat',
  'two',
  'Content-Length',
  String(BODY.length),
];

describe('POST /api/events/:id/replay', () => {
  let app: FastifyInstance;
  let origin: string;
  let user: SessionUser;
  let eventId: number;
  let target: Target;
  const extraApps: FastifyInstance[] = [];

  async function buildApp(options: TestAppOptions) {
    const extra = await buildTestApp(options);
    extraApps.push(extra);
    return extra;
  }

  /**
   * The replay route alone on a small app sharing the main app's sessions and events, for the
   * options the full app does not take (resolver, timeout).
   */
  async function buildReplayApp(options: Partial<ReplayRoutesOptions>) {
    const small = Fastify();
    useZodRouteSchemas(small);
    enforceRouteAccess(small);
    registerErrorHandler(small, { databaseOutage: createOutageLog(small.log, { down: '', up: '' }) });
    await small.register(fastifyCookie);
    await small.register(identityPlugin, { sessions: app.services.sessions, access: app.services.access });
    const limiter = await registerLimiter(small, {
      db: app.database.db,
      reportError: (error, message) => small.log.error({ err: error }, message),
    });
    await small.register(replayRoutes, {
      webhooks: app.services.webhooks,
      publicOrigin: null,
      allowPrivate: false,
      perMinute: 1_000_000,
      limiter,
      captureMaxBytes: 1024 * 1024,
      ...options,
    });
    extraApps.push(small);
    return small;
  }

  beforeAll(async () => {
    app = await buildTestApp({ replayAllowPrivate: true });
    origin = await listen(app);
    user = await createSession(app);
    const captured = await sendRaw(
      origin,
      `/webhook/${user.sessionId}/github?x=1`,
      'POST',
      CAPTURE_HEADERS,
      BODY,
    );
    eventId = (JSON.parse(captured.body) as { id: number }).id;
    target = await startTarget((_request, response) => {
      response.writeHead(201, [
        'X-Target',
        'yes',
        'Content-Type',
        'text/plain; charset=utf-8',
        'Set-Cookie',
        'a=1',
        'Set-Cookie',
        'b=2',
        'Content-Length',
        '6',
      ]);
      response.end('thanks');
    });
  });

  afterEach(async () => {
    await Promise.all(extraApps.splice(0).map((extra) => extra.close()));
    target.received.splice(0);
  });

  afterAll(async () => {
    await target.close();
    await app.close();
  });

  describe('sending the stored request', () => {
    it('sends the method, headers in order and case, and body bytes, and answers with the target answer', async () => {
      const answer = answerOf(await replay(app, user, eventId, { url: `${target.url}/hooks/in?y=2` }));

      expect(target.received).toHaveLength(1);
      const [received] = target.received;
      expect(received?.method).toBe('POST');
      expect(received?.url).toBe('/hooks/in?y=2');
      expect(received?.body.equals(BODY)).toBe(true);
      expect(received?.rawHeaders).toEqual([
        ['Host', `127.0.0.1:${target.port}`],
        ['X-Signature', 'sha256=abc'],
        ['content-type', 'application/json'],
        ['X-Repeat', 'one'],
        ['x-repeat', 'two'],
        ['Content-Length', String(BODY.length)],
        ['Connection', 'close'],
      ]);

      expect(answer.status).toBe(201);
      expect(answer.body).toBe('thanks');
      expect(answer.bodyEncoding).toBe('utf8');
      expect(answer.truncated).toBe(false);
      expect(answer.headers.filter(([name]) => name !== 'Date' && name !== 'Connection')).toEqual([
        ['X-Target', 'yes'],
        ['Content-Type', 'text/plain; charset=utf-8'],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
        ['Content-Length', '6'],
      ]);
      expect(Number.isInteger(answer.durationMs) && answer.durationMs >= 0).toBe(true);
    });

    it('uses the method, headers and body given instead of the stored ones', async () => {
      const answer = answerOf(
        await replay(app, user, eventId, {
          url: target.url,
          method: 'put',
          headers: [
            ['X-Only', '1'],
            ['Transfer-Encoding', 'chunked'],
            ['Host', 'elsewhere.example'],
          ],
          body: 'changed ✓',
        }),
      );
      expect(answer.status).toBe(201);
      const [received] = target.received;
      expect(received?.method).toBe('PUT');
      expect(received?.url).toBe('/');
      expect(received?.body.toString('utf8')).toBe('changed ✓');
      expect(received?.rawHeaders).toEqual([
        ['Host', `127.0.0.1:${target.port}`],
        ['X-Only', '1'],
        ['Content-Length', String(Buffer.byteLength('changed ✓'))],
        ['Connection', 'close'],
      ]);
    });

    it('sends a base64 body as the bytes it encodes', async () => {
      const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x41, 0x0a]);
      answerOf(
        await replay(app, user, eventId, {
          url: target.url,
          body: bytes.toString('base64'),
          bodyEncoding: 'base64',
        }),
      );
      expect(target.received[0]?.body.equals(bytes)).toBe(true);
    });

    it('sends a GET without a body and without a Content-Length', async () => {
      const captured = await sendRaw(
        origin,
        `/webhook/${user.sessionId}`,
        'GET',
        ['Host', 'hooks.example', 'X-A', '1'],
        Buffer.alloc(0),
      );
      const id = (JSON.parse(captured.body) as { id: number }).id;
      answerOf(await replay(app, user, id, { url: target.url }));
      const [received] = target.received;
      expect(received?.method).toBe('GET');
      expect(received?.body.length).toBe(0);
      expect(received?.rawHeaders.map(([name]) => name)).toEqual(['Host', 'X-A', 'Connection']);
    });

    it('gives an answer body that is not UTF-8 as base64', async () => {
      const bytes = Buffer.from([0xc3, 0x28, 0x00, 0xff]);
      const binary = await startTarget((_request, response) => response.end(bytes));
      try {
        const answer = answerOf(await replay(app, user, eventId, { url: binary.url }));
        expect(answer.bodyEncoding).toBe('base64');
        expect(Buffer.from(answer.body, 'base64').equals(bytes)).toBe(true);
      } finally {
        await binary.close();
      }
    });

    it('keeps only the first MiB of a larger answer and says so', async () => {
      const large = await startTarget((_request, response) =>
        response.end('x'.repeat(REPLAY_ANSWER_MAX_BYTES + 10)),
      );
      try {
        const answer = answerOf(await replay(app, user, eventId, { url: large.url }));
        expect(answer.truncated).toBe(true);
        expect(answer.body).toBe('x'.repeat(REPLAY_ANSWER_MAX_BYTES));
      } finally {
        await large.close();
      }
    });

    it('shows a redirect as the answer without following it', async () => {
      const redirecting = await startTarget((_request, response) => {
        response.writeHead(302, { Location: '/elsewhere' });
        response.end();
      });
      try {
        const answer = answerOf(await replay(app, user, eventId, { url: redirecting.url }));
        expect(answer.status).toBe(302);
        expect(answer.headers).toContainEqual(['Location', '/elsewhere']);
        expect(redirecting.received.map((request) => request.url)).toEqual(['/']);
      } finally {
        await redirecting.close();
      }
    });
  });

  describe('replaying to this server’s own webhook URL', () => {
    it('captures the copy as a new event of that session, even with the address guard on', async () => {
      const guarded = await buildApp({});
      const guardedOrigin = await listen(guarded);
      const owner = await createSession(guarded);
      const captured = await sendRaw(
        guardedOrigin,
        `/webhook/${owner.sessionId}`,
        'POST',
        CAPTURE_HEADERS,
        BODY,
      );
      const id = (JSON.parse(captured.body) as { id: number }).id;

      // Asked over the network, as the page does: the server knows itself by the Host it was called at.
      const webhookCopyUrl = `${guardedOrigin}/webhook/${owner.sessionId}/again?n=1`;
      const response = await fetch(`${guardedOrigin}${replayPath(id)}`, {
        method: 'POST',
        headers: { ...asUser(owner), 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: webhookCopyUrl }),
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as ReplayAnswer;
      expect(answer.status).toBe(200);
      const copyId = (JSON.parse(answer.body) as { ok: boolean; id: number }).id;
      expect(copyId).toBeGreaterThan(id);

      const copy = (await listEvents(guarded, owner)).find((event) => event.id === copyId);
      expect(copy?.method).toBe('POST');
      expect(copy?.path).toBe('/again');
      expect(copy?.queryString).toBe('n=1');
      expect(copy?.body).toBe(BODY.toString('utf8'));
      expect(copy?.rawHeaders).toEqual([
        ['Host', new URL(guardedOrigin).host],
        ['X-Signature', 'sha256=abc'],
        ['content-type', 'application/json'],
        ['X-Repeat', 'one'],
        ['x-repeat', 'two'],
        ['Content-Length', String(BODY.length)],
        ['Connection', 'close'],
      ]);
    });

    it('knows its own URL under PUBLIC_URL, and gives the capture’s answer for an unknown session', async () => {
      const behindProxy = await buildApp({ publicOrigin: parsePublicOrigin('https://hooks.example.com') });
      const owner = await createSession(behindProxy);
      const first = await behindProxy.inject({
        method: 'POST',
        url: `/webhook/${owner.sessionId}`,
        payload: 'hi',
      });
      const id = first.json<{ id: number }>().id;

      const copied = answerOf(
        await replay(behindProxy, owner, id, { url: `https://hooks.example.com/webhook/${owner.sessionId}` }),
      );
      expect(copied.status).toBe(200);
      const events = await listEvents(behindProxy, owner);
      expect(events.map((event) => event.body)).toEqual(['hi', 'hi']);

      const unknown = answerOf(
        await replay(behindProxy, owner, id, { url: 'https://hooks.example.com/webhook/not-a-session' }),
      );
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toEqual({
        error: 'No webhook URL with this session id. Open Hookbay to get yours.',
      });
    });
  });

  describe('the address guard', () => {
    it.each([
      [
        'loopback',
        () => `${target.url}/`,
        /^Replay to 127\.0\.0\.1:\d+ is refused: it resolves to 127\.0\.0\.1 \(loopback address\)/,
      ],
      ['a decimal loopback', () => 'http://2130706433/', /it resolves to 127\.0\.0\.1 \(loopback address\)/],
      [
        'a mapped IPv6 loopback',
        () => 'http://[::ffff:127.0.0.1]/',
        /it resolves to ::ffff:7f00:1 \(loopback address\)/,
      ],
      ['cloud metadata', () => 'http://169.254.169.254/latest', /169\.254\.169\.254 \(link-local address\)/],
      ['a private network', () => 'http://192.168.1.1/', /192\.168\.1\.1 \(private address\)/],
    ])('refuses %s with 403 and sends nothing', async (_name, url, message) => {
      const guarded = await buildApp({});
      const owner = await createSession(guarded);
      const first = await guarded.inject({
        method: 'POST',
        url: `/webhook/${owner.sessionId}`,
        payload: 'hi',
      });
      const response = await replay(guarded, owner, first.json<{ id: number }>().id, { url: url() });
      expectError(response, 403, message);
      expect(target.received).toHaveLength(0);
    });

    it('refuses a name that answers one public and one private address', async () => {
      const mixed: ResolvedAddress[] = [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ];
      const small = await buildReplayApp({ resolve: async () => mixed });
      const response = await replay(small, user, eventId, { url: 'https://mixed.example/hook' });
      expectError(
        response,
        403,
        'Replay to mixed.example is refused: it resolves to 10.0.0.7 (private address), which this server does not send requests to.',
      );
    });
  });

  describe('an unreachable target', () => {
    it('answers 502 when the port is closed', async () => {
      const closed = await startTarget(() => undefined);
      await closed.close();
      const response = await replay(app, user, eventId, { url: `${closed.url}/hook` });
      expectError(response, 502, `Could not reach 127.0.0.1:${closed.port}: the connection was refused.`);
    });

    it('answers 502 when the target does not answer in time', async () => {
      const silent = await startTarget(() => undefined);
      try {
        const small = await buildReplayApp({ allowPrivate: true, timeoutMs: 200 });
        const response = await replay(small, user, eventId, { url: silent.url });
        expectError(response, 502, `127.0.0.1:${silent.port} did not answer within 0.2 seconds.`);
        expect(silent.received).toHaveLength(1);
      } finally {
        await silent.close();
      }
    });

    it('answers 502 when the name does not resolve', async () => {
      const small = await buildReplayApp({
        resolve: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
        },
      });
      const response = await replay(small, user, eventId, { url: 'http://nowhere.invalid/' });
      expectError(response, 502, 'Could not reach nowhere.invalid: the host name does not resolve.');
    });
  });

  describe('refusals', () => {
    it('answers 401 without a session', async () => {
      const response = await replay(app, null, eventId, { url: target.url });
      expectError(response, 401, 'A valid session is required. Reload the page to start one.');
    });

    it('answers 404 for an unknown event and for another session’s event', async () => {
      const other = await createSession(app);
      expectError(
        await replay(app, user, 999_999, { url: target.url }),
        404,
        'This request does not exist or was deleted.',
      );
      expectError(
        await replay(app, other, eventId, { url: target.url }),
        404,
        'This request does not exist or was deleted.',
      );
      expect(target.received).toHaveLength(0);
    });

    it.each([
      ['no URL', {}, 'url: Enter an http:// or https:// URL to send the request to.'],
      [
        'an ftp URL',
        { url: 'ftp://example.com/' },
        'url: Enter an http:// or https:// URL to send the request to.',
      ],
      [
        'text that is no URL',
        { url: 'example.com' },
        'url: Enter an http:// or https:// URL to send the request to.',
      ],
      [
        'credentials in the URL',
        { url: 'http://me:pw@example.com/' },
        'url: Put credentials in an Authorization header, not in the URL.',
      ],
      [
        'a method with a space',
        { url: 'http://example.com', method: 'GET X' },
        'method: The method must be one word, e.g. POST.',
      ],
      [
        'CONNECT',
        { url: 'http://example.com', method: 'connect' },
        'method: CONNECT requests cannot be replayed.',
      ],
      [
        'headers as an object',
        { url: 'http://example.com', headers: { a: 'b' } },
        'headers: Send headers as a list of [name, value] pairs.',
      ],
      [
        'a header name with a space',
        { url: 'http://example.com', headers: [['X A', 'b']] },
        'headers[0][0]: A header name must be one word without spaces, e.g. X-Token.',
      ],
      [
        'a header value with a line break',
        { url: 'http://example.com', headers: [['X-A', 'b\r\nX-B: c']] },
        'headers[0][1]: A header value cannot hold line breaks or characters beyond Latin-1.',
      ],
      ['a body that is no text', { url: 'http://example.com', body: 42 }, 'body: The body must be text.'],
      [
        'an unknown body encoding',
        { url: 'http://example.com', body: 'a', bodyEncoding: 'hex' },
        'bodyEncoding: bodyEncoding is "utf8" or "base64".',
      ],
      [
        'a body that is no base64',
        { url: 'http://example.com', body: 'not base64!', bodyEncoding: 'base64' },
        'body: The body is not valid base64.',
      ],
    ])('answers 400 for %s', async (_name, payload, message) => {
      expectError(await replay(app, user, eventId, payload), 400, message);
      expect(target.received).toHaveLength(0);
    });

    it('answers 400 for an id that is not a number', async () => {
      expectError(await replay(app, user, 'abc', { url: target.url }), 400, /^id: /);
    });
  });
});

describe('REPLAY_ALLOW_PRIVATE', () => {
  it('is off unless set to a true value', () => {
    expect(loadConfig({}).replayAllowPrivate).toBe(false);
    expect(loadConfig({ REPLAY_ALLOW_PRIVATE: 'false' }).replayAllowPrivate).toBe(false);
    expect(loadConfig({ REPLAY_ALLOW_PRIVATE: 'true' }).replayAllowPrivate).toBe(true);
  });
});
