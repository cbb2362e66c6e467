import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { eventually, startTarget, type Target } from '../link-webhooks/test-helpers.js';
import { createRelaysRepo } from './relays.repo.js';
import { attemptsOf, capture } from './test-helpers.js';

describe.each(storageBackends)('the address guard on relays on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let target: Target;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, linkWebhookDelivery: { intervalMs: 20, retryDelaysMs: [] } });
    target = await startTarget();
  });
  afterAll(async () => {
    await target.close();
    await app.close();
  });

  it('refuses a loopback destination when it is added', async () => {
    const owner = await createSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/relays',
      headers: asUser(owner),
      payload: { url: target.url },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toMatch(
      /^Delivery to 127\.0\.0\.1:\d+ is refused: it resolves to 127\.0\.0\.1 \(/,
    );
  });

  it('vets the destination again at every attempt', async () => {
    const owner = await createSession(app);
    // Stored as if it had passed when added: the attempt itself must refuse it.
    await createRelaysRepo(app.database.db).insert({
      id: `rl_${owner.sessionId.slice(0, 8)}`,
      sessionId: owner.sessionId,
      url: target.url,
      mode: 'headers',
      secret: null,
      filter: { methods: [], path: null, q: null },
      isEnabled: true,
      disabledReason: null,
      failedMessages: 0,
      droppedMessages: 0,
      lastStatus: null,
      lastError: null,
      lastAttemptAt: null,
      createdAt: Date.now(),
    });
    // The new relay was stored behind the service's back: an edit makes this instance read it.
    await app.inject({
      method: 'PATCH',
      url: `/api/relays/rl_${owner.sessionId.slice(0, 8)}`,
      headers: asUser(owner),
      payload: { enabled: true },
    });
    const id = await capture(app, owner, { body: '{}' });
    const [attempt] = await eventually(
      () => attemptsOf(app, owner, id),
      (attempts) => attempts.length === 1,
    );
    expect(attempt).toMatchObject({ state: 'failed', statusCode: null });
    expect(attempt?.error).toMatch(/^Delivery to 127\.0\.0\.1:\d+ is refused/);
    expect(target.received).toHaveLength(0);
  });
});
