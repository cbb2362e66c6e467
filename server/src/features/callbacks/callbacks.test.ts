/**
 * Callbacks of response rules over HTTP: a loopback target this test starts receives the request
 * made from the capture after the capture's own answer, signed when the rule has a secret; refused
 * targets, templates that give no URL and the replay limit show as the callback's result.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallbackResult } from '../../../../shared/callback-result.js';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { verifySignature, type HmacFunction } from '../../../../shared/signatures/verify.js';
import { createHmac } from 'node:crypto';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listEvents } from '../webhooks/test-captures.js';
import { CALLBACK_LIMIT_MESSAGE } from './callbacks.service.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const nodeHmac: HmacFunction = (hash, key, data) =>
  new Uint8Array(createHmac(hash.replace('-', '').toLowerCase(), key).update(data).digest());

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A target on 127.0.0.1 that answers 202 "thanks" and notes each request it got, in `log` too. */
async function startTarget(log: string[]) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      log.push('callback');
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(202, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function putRules(app: FastifyInstance, user: SessionUser, rules: ResponseRuleInput[]) {
  return app.inject({ method: 'PUT', url: '/api/responses', headers: asUser(user), payload: { rules } });
}

/** The newest capture's callback once it has one and it is no longer pending (its row may be stored after the answer). */
async function settledCallback(app: FastifyInstance, user: SessionUser): Promise<CallbackResult> {
  for (;;) {
    const [event] = await listEvents(app, user);
    if (event?.callback && event.callback.state !== 'pending') return event.callback;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function ruleCalling(url: string, extra: object = {}): ResponseRuleInput {
  return {
    method: 'POST',
    path: '/order',
    responses: [{ status: 201, body: 'accepted' }],
    callback: {
      url,
      headers: { 'X-Order': '{{ body.id }}' },
      body: '{"id": "{{ body.id }}", "status": "done"}',
      ...extra,
    },
  };
}

describe.each(storageBackends)('response rule callbacks on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let base: string;
  const log: string[] = [];
  let target: Awaited<ReturnType<typeof startTarget>>;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, replayAllowPrivate: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    target = await startTarget(log);
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  async function capture(user: SessionUser, body: object) {
    const response = await fetch(`${base}/webhook/${user.sessionId}/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    log.push('answer');
    return { status: response.status, text: await response.text() };
  }

  it('sends the templated request to {{body.callback_url}} after the answer, signed, and records what it got', async () => {
    const user = await createSession(app);
    const saved = await putRules(app, user, [
      ruleCalling('{{ body.callback_url }}', { delayMs: 200, secret: SECRET }),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    log.length = 0;
    const answer = await capture(user, { id: 'ord_1', callback_url: `${target.origin}/done?from=hookbay` });
    expect(answer).toEqual({ status: 201, text: 'accepted' });
    // Recorded once the answer has gone out: pending until its delay passes (or sent already, on a slow machine).
    const recorded = await vi.waitFor(async () => {
      const [event] = await listEvents(app, user);
      if (!event?.callback) throw new Error('no callback recorded yet');
      return event.callback;
    });
    expect(recorded).toMatchObject({ method: 'POST', delayMs: 200 });
    expect(['pending', 'sent']).toContain(recorded.state);

    const result = await settledCallback(app, user);
    expect(log).toEqual(['answer', 'callback']);
    expect(result).toMatchObject({
      state: 'sent',
      method: 'POST',
      url: `${target.origin}/done?from=hookbay`,
      status: 202,
      error: null,
      answer: 'thanks',
    });
    const got = target.received.at(-1);
    expect(got).toMatchObject({ method: 'POST', url: '/done?from=hookbay' });
    expect(got?.body).toBe('{"id": "ord_1", "status": "done"}');
    expect(got?.headers['x-order']).toBe('ord_1');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['user-agent']).toBe('Hookbay-Callbacks/1');
    const verified = verifySignature(
      {
        scheme: 'standard-webhooks',
        headers: got?.headers as Record<string, string>,
        body: new TextEncoder().encode(got?.body),
        secret: SECRET,
        now: Date.now(),
      },
      nodeHmac,
    );
    expect(verified).toMatchObject({ isValid: true });
  });

  it('records a URL template that gives no URL, and sends nothing', async () => {
    const user = await createSession(app);
    await putRules(app, user, [ruleCalling('{{ body.callback_url }}')]);
    const before = target.received.length;
    expect((await capture(user, { id: 'ord_2' })).status).toBe(201);
    const result = await settledCallback(app, user);
    expect(result).toMatchObject({
      state: 'failed',
      url: null,
      status: null,
      error: 'The callback URL template gave nothing, not an http:// or https:// URL.',
    });
    expect(target.received.length).toBe(before);
  });

  it('refuses at save a callback that cannot be sent, naming the field', async () => {
    const user = await createSession(app);
    const cases: [object, string][] = [
      [
        { url: 'ftp://example.com' },
        'rules[0].callback.url: The callback URL must be an http:// or https:// URL',
      ],
      [{ url: 'https://example.com', delayMs: 60_001 }, 'rules[0].callback.delayMs: The callback delay must'],
      [{ url: 'https://example.com', secret: 'plain' }, 'rules[0].callback.secret: The secret must be'],
      [
        { url: 'https://example.com', headers: { Host: 'x' } },
        'rules[0].callback.headers.Host: Host is set by',
      ],
      [{ url: '{{ body.url | nope }}' }, 'rules[0].callback.url: This template cannot be read'],
    ];
    for (const [callback, error] of cases) {
      const response = await putRules(app, user, [
        { responses: [{ status: 200 }], callback } as ResponseRuleInput,
      ]);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { error: string }).error).toContain(error);
    }
  });
});

describe('callbacks vetted by the address guard and the replay limit', () => {
  let app: FastifyInstance;
  let target: Awaited<ReturnType<typeof startTarget>>;

  beforeAll(async () => {
    app = await buildTestApp({ replayAllowPrivate: false, replayPerMinute: 1 });
    target = await startTarget([]);
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  it('refuses a loopback target, then counts in the replay limit', async () => {
    const user = await createSession(app);
    await putRules(app, user, [ruleCalling(`${target.origin}/hook`)]);
    const capture = () =>
      app.inject({ method: 'POST', url: `/webhook/${user.sessionId}/order`, payload: { id: 'ord_3' } });
    expect((await capture()).statusCode).toBe(201);
    expect(await settledCallback(app, user)).toMatchObject({
      state: 'failed',
      url: `${target.origin}/hook`,
      status: null,
      error: `Callback to ${new URL(target.origin).host} is refused: it resolves to 127.0.0.1 (loopback address), which this server does not send requests to.`,
    });
    expect((await capture()).statusCode).toBe(201);
    expect(await settledCallback(app, user)).toMatchObject({
      state: 'failed',
      error: CALLBACK_LIMIT_MESSAGE,
    });
    expect(target.received).toEqual([]);
  });
});
