import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_REQUEST } from '../../../../shared/realtime.js';
import { type ResponseRuleInput } from '../../../../shared/responses.js';
import { chanceSaysYes } from '../../../../shared/response-chance.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, listen, type TestSocket } from '../../../test/socket.js';
import { listEvents } from '../webhooks/test-captures.js';

async function saveRules(app: FastifyInstance, user: SessionUser, rules: ResponseRuleInput[]) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/responses',
    headers: asUser(user),
    payload: { rules },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function capture(
  app: FastifyInstance,
  user: SessionUser,
  options: { method?: string; path?: string; headers?: Record<string, string>; payload?: string } = {},
) {
  return app.inject({
    method: (options.method ?? 'POST') as 'POST',
    url: `/webhook/${user.sessionId}${options.path ?? ''}`,
    headers: options.headers,
    payload: options.payload ?? (options.method === 'GET' || options.method === 'HEAD' ? undefined : '{}'),
  });
}

async function statuses(
  app: FastifyInstance,
  user: SessionUser,
  count: number,
  path = '',
): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index++) result.push((await capture(app, user, { path })).statusCode);
  return result;
}

const failTwice: ResponseRuleInput = {
  responses: [{ status: 500 }, { status: 500 }, { status: 200, body: 'ok' }],
};

describe.each(storageBackends)('captures answered by scripted responses on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('goes through the responses in order, then repeats the last, and records each answer', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [failTwice]);
    expect(await statuses(app, user, 5)).toEqual([500, 500, 200, 200, 200]);
    const events = await listEvents(app, user);
    expect(events.map((event) => event.response).reverse()).toEqual([
      { status: 500, source: 'rule', rule: 1 },
      { status: 500, source: 'rule', rule: 1 },
      { status: 200, source: 'rule', rule: 1 },
      { status: 200, source: 'rule', rule: 1 },
      { status: 200, source: 'rule', rule: 1 },
    ]);
  });

  it('starts again from the first response with cycle', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ ...failTwice, then: 'cycle' }]);
    expect(await statuses(app, user, 7)).toEqual([500, 500, 200, 500, 500, 200, 500]);
  });

  it('saving the rules starts every sequence again', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [failTwice]);
    expect(await statuses(app, user, 3)).toEqual([500, 500, 200]);
    await saveRules(app, user, [failTwice]);
    expect(await statuses(app, user, 3)).toEqual([500, 500, 200]);
  });

  it('the first rule whose method and path match answers; each rule counts its own sequence', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [
      { method: 'post', path: '/github/*', responses: [{ status: 201 }, { status: 202 }] },
      { method: '*', path: '/github/*', responses: [{ status: 409 }] },
      { method: 'GET', path: '*', responses: [{ status: 404 }] },
    ]);
    expect((await capture(app, user, { path: '/github/push' })).statusCode).toBe(201);
    expect((await capture(app, user, { method: 'PUT', path: '/github/a/b' })).statusCode).toBe(409);
    expect((await capture(app, user, { method: 'GET', path: '/github/x' })).statusCode).toBe(409);
    expect((await capture(app, user, { method: 'GET', path: '/stripe' })).statusCode).toBe(404);
    expect((await capture(app, user, { path: '/github/pull' })).statusCode).toBe(202);
    // Each event says which rule answered it, by its position in the saved list.
    const events = (await listEvents(app, user)).reverse();
    expect(events.map((event) => event.response)).toEqual([
      { status: 201, source: 'rule', rule: 1 },
      { status: 409, source: 'rule', rule: 2 },
      { status: 409, source: 'rule', rule: 2 },
      { status: 404, source: 'rule', rule: 3 },
      { status: 202, source: 'rule', rule: 1 },
    ]);
  });

  it('a rule with a chance and a seed answers the same captures after every save; the rest fall through', async () => {
    const user = await createSession(app);
    const rules: ResponseRuleInput[] = [
      { path: '/flaky', chance: 30, seed: 7, responses: [{ status: 503 }] },
      { path: '/flaky', responses: [{ status: 202 }] },
    ];
    // The n-th matching capture's draw depends on the seed and n alone.
    const expected = Array.from({ length: 30 }, (_, index) =>
      chanceSaysYes({ chance: 30, seed: 7 }, index + 1) ? 503 : 202,
    );
    expect(new Set(expected)).toEqual(new Set([503, 202]));
    await saveRules(app, user, rules);
    expect(await statuses(app, user, 30, '/flaky')).toEqual(expected);
    await saveRules(app, user, rules);
    expect(await statuses(app, user, 30, '/flaky')).toEqual(expected);
    const events = (await listEvents(app, user)).slice(0, 30).reverse();
    expect(events.map((event) => event.response)).toEqual(
      expected.map((status) => ({ status, source: 'rule', rule: status === 503 ? 1 : 2 })),
    );
  });

  it('a rule with a chance moves through its sequence only on the captures it answers', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [
      { chance: 50, seed: 3, responses: [{ status: 500 }, { status: 501 }, { status: 502 }], then: 'cycle' },
    ]);
    const got = await statuses(app, user, 20);
    const answered = got.filter((status) => status !== 200);
    expect(answered.length).toBeGreaterThan(3);
    expect(answered).toEqual(answered.map((_, index) => [500, 501, 502][index % 3]));
    expect(got.map((status) => status !== 200)).toEqual(
      Array.from({ length: 20 }, (_, index) => chanceSaysYes({ chance: 50, seed: 3 }, index + 1)),
    );
  });

  it('a request no rule matches gets the default answer, recorded as such', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ path: '/only', responses: [{ status: 500 }] }]);
    const response = await capture(app, user, { path: '/other' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ ok: boolean; id: number }>();
    expect(answer).toEqual({ ok: true, id: expect.any(Number) });
    const [event] = await listEvents(app, user);
    expect(event).toMatchObject({ id: answer.id, response: { status: 200, source: 'default' } });
  });

  it('the rule only matches the bare URL with the path /', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [{ path: '/', responses: [{ status: 204 }] }]);
    expect((await capture(app, user)).statusCode).toBe(204);
    expect((await capture(app, user, { path: '/' })).statusCode).toBe(204);
    expect((await capture(app, user, { path: '/x' })).statusCode).toBe(200);
  });

  it('the rule’s headers and body reach the sender byte for byte', async () => {
    const user = await createSession(app);
    const body = '{"message":"Grüße 👋","quote":"\\"x\\""}\n';
    await saveRules(app, user, [
      {
        responses: [
          {
            status: 422,
            headers: {
              'Content-Type': 'application/vnd.api+json',
              'X-Request-Id': 'abc 123',
              'Retry-After': '120',
            },
            body,
          },
        ],
      },
    ]);
    const response = await capture(app, user);
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toBe('application/vnd.api+json');
    expect(response.headers['x-request-id']).toBe('abc 123');
    expect(response.headers['retry-after']).toBe('120');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(response.rawPayload.equals(Buffer.from(body, 'utf8'))).toBe(true);
  });

  it('a body without a Content-Type is sent as UTF-8 text; an empty body has no type', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [
      { path: '/text', responses: [{ status: 200, body: 'plain' }] },
      { path: '/empty', responses: [{ status: 410 }] },
    ]);
    const text = await capture(app, user, { path: '/text' });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('plain');
    const empty = await capture(app, user, { path: '/empty' });
    expect(empty.statusCode).toBe(410);
    expect(empty.headers['content-type']).toBeUndefined();
    expect(empty.rawPayload).toHaveLength(0);
  });

  it('keeps the capture’s CORS headers unless the rule sets its own', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [
      { path: '/kept', responses: [{ status: 500 }] },
      {
        path: '/own',
        responses: [{ status: 200, headers: { 'Access-Control-Allow-Origin': 'https://app.example.com' } }],
      },
    ]);
    const origin = { origin: 'https://caller.example.com' };
    const kept = await capture(app, user, { path: '/kept', headers: origin });
    expect(kept.headers['access-control-allow-origin']).toBe('https://caller.example.com');
    expect(kept.headers['access-control-allow-credentials']).toBe('true');

    const own = await capture(app, user, { path: '/own', headers: origin });
    expect(own.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(own.headers['access-control-allow-credentials']).toBeUndefined();
    expect(own.headers['access-control-allow-methods']).toBeUndefined();
    expect(own.headers.vary).toBeUndefined();
  });

  it('a HEAD request gets the rule’s status and headers but no body', async () => {
    const user = await createSession(app);
    await saveRules(app, user, [
      { responses: [{ status: 503, headers: { 'Retry-After': '5' }, body: 'down' }] },
    ]);
    const response = await capture(app, user, { method: 'HEAD' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.rawPayload).toHaveLength(0);
  });

  it('an oversized body still answers 413 and does not count in the sequence', async () => {
    const small = await buildTestApp({ postgres, captureMaxBytes: 16 });
    try {
      const user = await createSession(small);
      await saveRules(small, user, [failTwice]);
      const oversized = await capture(small, user, { payload: 'x'.repeat(17) });
      expect(oversized.statusCode).toBe(413);
      expect(await statuses(small, user, 3)).toEqual([500, 500, 200]);
      const events = await listEvents(small, user);
      expect(events.at(-1)?.response).toEqual({ status: 413, source: 'default' });
    } finally {
      await small.close();
    }
  });

  describe('with a delay', () => {
    let listening: FastifyInstance;
    let origin: string;
    let socket: TestSocket | null = null;
    beforeAll(async () => {
      listening = await buildTestApp({ postgres });
      origin = await listen(listening);
    });
    afterEach(() => socket?.close());
    afterAll(async () => {
      await listening.close();
    });

    it('the request is stored, listed and pushed while its sender still waits for the answer', async () => {
      const user = await createSession(listening);
      await saveRules(listening, user, [{ responses: [{ status: 504, body: 'late', delayMs: 1500 }] }]);
      socket = await connectSocket(origin, user.sessionId);
      const order: string[] = [];
      const pushed = new Promise<WebhookEvent>((resolve) => {
        socket?.once(WEBHOOK_REQUEST, (event) => {
          order.push('pushed');
          resolve(event);
        });
      });
      const answered = fetch(`${origin}/webhook/${user.sessionId}/slow`, { method: 'POST', body: 'x' }).then(
        async (response) => {
          order.push('answered');
          return { status: response.status, body: await response.text() };
        },
      );
      const event = await pushed;
      const listed = await listEvents(listening, user);
      order.push(listed.some((item) => item.id === event.id) ? 'listed' : 'not listed');
      expect(event.response).toEqual({ status: 504, source: 'rule', rule: 1 });
      expect(await answered).toEqual({ status: 504, body: 'late' });
      expect(order).toEqual(['pushed', 'listed', 'answered']);
    });
  });
});
