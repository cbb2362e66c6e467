/**
 * Two instances in one process, on one PostgreSQL schema and one Redis, as behind a load balancer,
 * each running its own delivery worker: every relay message reaches the destination once, in
 * capture order. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_REDIS_URL, buildTwoInstances } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { eventually, startTarget, type Target } from '../link-webhooks/test-helpers.js';
import { addRelay, attemptsOf, capture } from './test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('relays across two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let target: Target;

  beforeAll(async () => {
    [a, b] = await buildTwoInstances({
      replayAllowPrivate: true,
      linkWebhookDelivery: { intervalMs: 10, retryDelaysMs: [0, 0] },
    });
    target = await startTarget();
  });

  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await target.close();
  });

  it('a relay made on A takes captures landing on B at once, and each is delivered once, in order', async () => {
    const owner = await createSession(a);
    // B now holds "no relays" for this session in memory.
    await capture(b, owner, { body: 'before' });
    await addRelay(a, owner, { url: target.url });
    // Every other attempt fails once, so retries race between the two workers too.
    target.answers.push(500, 200, 500, 200, 500);
    const bodies = Array.from({ length: 12 }, (_, index) => `n${index}`);
    const ids: number[] = [];
    for (const [index, body] of bodies.entries()) ids.push(await capture(index % 2 ? a : b, owner, { body }));
    const last = ids.at(-1) ?? 0;
    await eventually(
      () => attemptsOf(b, owner, last),
      (attempts) => attempts.some((attempt) => attempt.state === 'delivered'),
    );
    const bodiesSeen = target.received.map((request) => request.body);
    // Three messages were answered 500 once and sent again; no message reached the target twice otherwise.
    const deduplicated = bodiesSeen.filter((body, index) => body !== bodiesSeen[index - 1]);
    expect(deduplicated).toEqual(bodies);
    expect(bodiesSeen).toHaveLength(bodies.length + 3);
    for (const id of ids) {
      const attempts = await attemptsOf(a, owner, id);
      expect(attempts.filter((attempt) => attempt.state === 'delivered')).toHaveLength(1);
    }
  });
});
