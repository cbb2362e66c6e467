/**
 * Callbacks of response rules with two instances in one process, on one PostgreSQL schema and one
 * Redis, as behind a load balancer: a rule saved on A makes B call back at once, the target gets
 * each callback once, and the owner's socket on A hears what B's callback got. Runs when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackResult } from '../../../../shared/callback-result.js';
import { WEBHOOK_CALLBACK } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, buildTwoInstances } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, listen, type TestSocket } from '../../../test/socket.js';
import { startTarget, type Target } from '../link-webhooks/test-helpers.js';
import { listEvents } from '../webhooks/test-captures.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('response rule callbacks across two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originA: string;
  let originB: string;
  let target: Target;
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    [a, b] = await buildTwoInstances({ replayAllowPrivate: true });
    originA = await listen(a);
    originB = await listen(b);
    target = await startTarget();
  });

  afterAll(async () => {
    socket?.close();
    await Promise.all([a.close(), b.close()]);
    await target.close();
  });

  /** A real request to B's capture URL, so its callback starts once the answer has gone out. */
  async function captureOnB(user: SessionUser, body: object): Promise<{ status: number; text: string }> {
    const response = await fetch(`${originB}/webhook/${user.sessionId}/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  it('a rule saved on A calls back from B at once, once per capture, and A hears the result live', async () => {
    const owner = await createSession(a);
    // B now holds "no rules" for this session in memory.
    expect((await captureOnB(owner, { id: 'ord_0' })).status).toBe(200);
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/responses',
      headers: asUser(owner),
      payload: {
        rules: [
          {
            method: 'POST',
            path: '/order',
            responses: [{ status: 201, body: 'accepted' }],
            callback: { url: target.url, body: '{"id": "{{ body.id }}"}' },
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    socket = await connectSocket(originA, owner.sessionId);
    const heard: { id: number; callback: CallbackResult }[] = [];
    socket.on(WEBHOOK_CALLBACK, (payload) => heard.push(payload));

    expect(await captureOnB(owner, { id: 'ord_1' })).toEqual({ status: 201, text: 'accepted' });
    expect(await captureOnB(owner, { id: 'ord_2' })).toEqual({ status: 201, text: 'accepted' });
    const received = await target.waitFor(2);
    expect(received.map((request) => request.body).sort()).toEqual(['{"id": "ord_1"}', '{"id": "ord_2"}']);

    // Both results reach A's socket, and A's list shows them: sent, with what the target answered.
    const sent = () => heard.filter((each) => each.callback.state === 'sent');
    await expect.poll(() => sent().length).toBe(2);
    const called = (await listEvents(a, owner)).filter((event) => event.callback !== null);
    expect(called.map((event) => event.id).sort()).toEqual(
      sent()
        .map((each) => each.id)
        .sort(),
    );
    for (const event of called) {
      expect(event.callback).toMatchObject({ state: 'sent', status: 200, url: target.url, error: null });
    }
    // Each capture was called back once: nothing more arrives once both results are in.
    expect(await captureOnB(owner, { id: 'ord_3' })).toEqual({ status: 201, text: 'accepted' });
    expect((await target.waitFor(3)).map((request) => request.body)).toHaveLength(3);
    expect(target.received.filter((request) => request.body === '{"id": "ord_1"}')).toHaveLength(1);
  });
});
