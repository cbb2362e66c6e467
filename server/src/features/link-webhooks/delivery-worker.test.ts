import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import {
  createDeliveryWorker,
  DROPPED_REASON,
  HISTORY_LIMIT,
  QUEUE_LIMIT,
  RETRY_DELAYS_MS,
} from '../delivery/delivery-worker.js';
import { createMessagesRepo, type MessagesRepo } from '../delivery/outbox.repo.js';
import type { Sender } from '../delivery/sender.js';
import { createLinkDelivery } from './link-delivery.js';
import { createLinkWebhooksRepo, type LinkWebhooksRepo } from './link-webhooks.repo.js';

describe.each(storageBackends)('click webhook queue on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let endpoints: LinkWebhooksRepo;
  let messages: MessagesRepo;

  beforeAll(async () => {
    // The app's own worker would compete for the rows; it sends nothing here, as no endpoint is
    // reachable, but a long interval keeps it out of the way.
    app = await buildTestApp({ postgres, linkWebhookDelivery: { intervalMs: 3_600_000, retryDelaysMs: [] } });
    endpoints = createLinkWebhooksRepo(app.database.db);
    messages = createMessagesRepo(app.database.db);
  });
  afterAll(() => app.close());

  /** Click webhooks as the engine's only user, sending through `send`, with endpoints active or not. */
  const linkUser = (send: Sender['send'], isActive: () => boolean) =>
    createLinkDelivery({
      repo: endpoints,
      sender: { send },
      service: { refreshActiveSessions: () => Promise.resolve(), hasActiveEndpoints: isActive },
    });

  async function endpointWithMessages(count: number, at: number): Promise<string> {
    const { sessionId } = await createSession(app);
    const id = `ep_${sessionId.slice(0, 8)}`;
    await endpoints.insert({
      id,
      sessionId,
      linkId: null,
      url: 'https://hooks.example.net/in',
      events: ['click'],
      secret: 'whsec_AAAA',
      apiBase: 'https://hookbay.example',
      isEnabled: true,
      disabledReason: null,
      failedMessages: 0,
      lastStatus: null,
      lastError: null,
      lastAttemptAt: null,
      createdAt: at,
      linkDeletedAt: null,
    });
    await messages.insertMany(
      Array.from({ length: count }, (_, index) => ({
        endpointId: id,
        messageId: `msg_${id}_${index}`,
        type: 'link.clicked' as const,
        payload: '{}',
        createdAt: at,
      })),
    );
    return id;
  }

  it('lets two instances claiming at once each take different messages', async () => {
    const at = 1_000_000;
    await endpointWithMessages(30, at);
    const [first, second] = await Promise.all([
      messages.claimDue(at, 'instance-a', at + 60_000, 20),
      messages.claimDue(at, 'instance-b', at + 60_000, 20),
    ]);
    const ids = [...(first ?? []), ...(second ?? [])].map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    const again = await messages.claimDue(at, 'instance-c', at + 60_000, 100);
    expect(ids.length + again.length).toBe(30);
    // Abandoned claims are taken again once they expire.
    expect(await messages.claimDue(at + 60_001, 'instance-d', at + 120_000, 100)).toHaveLength(30);
  });

  it('claims nothing while no endpoint is enabled anywhere, and delivers once one is', async () => {
    const at = 3_000_000_000_000;
    const id = await endpointWithMessages(1, at);
    let claims = 0;
    const sent: string[] = [];
    let isActive = false;
    const worker = createDeliveryWorker({
      messages: {
        ...messages,
        claimDue: (...args) => {
          claims += 1;
          return messages.claimDue(...args);
        },
      },
      users: [
        linkUser(
          (_target, _secret, messageId) => {
            if (messageId.startsWith(`msg_${id}_`)) sent.push(messageId);
            return Promise.resolve(200);
          },
          () => isActive,
        ),
      ],
      reportError: (error) => {
        throw error;
      },
      now: () => at,
    });
    await worker.runOnce();
    await worker.runOnce();
    expect(claims).toBe(0);
    expect(sent).toEqual([]);
    isActive = true;
    await worker.runOnce();
    expect(sent).toEqual([`msg_${id}_0`]);
  });

  it('waits out the retry schedule before each new attempt, on an injected clock', async () => {
    let now = 2_000_000_000_000;
    const id = await endpointWithMessages(1, now);
    const attempts: number[] = [];
    const worker = createDeliveryWorker({
      messages,
      users: [
        // Messages left by the other tests are sent too; only this endpoint's are counted.
        linkUser(
          (_target, _secret, messageId) => {
            if (messageId.startsWith(`msg_${id}_`)) attempts.push(now);
            return Promise.resolve(500);
          },
          () => true,
        ),
      ],
      reportError: (error) => {
        throw error;
      },
      now: () => now,
    });
    const start = now;
    for (const delay of RETRY_DELAYS_MS) {
      await worker.runOnce();
      now += delay - 1;
      await worker.runOnce();
      now += 1;
    }
    await worker.runOnce();
    now += 24 * 3_600_000;
    await worker.runOnce();
    let elapsed = 0;
    expect(attempts.map((at) => at - start)).toEqual([
      0,
      ...RETRY_DELAYS_MS.map((delay) => (elapsed += delay)),
    ]);
    const [message] = await messages.listRecent(id, 10);
    expect(message).toMatchObject({ state: 'failed', attempts: 6, lastError: 'The endpoint answered 500.' });
  });

  it(`drops the oldest pending messages beyond ${QUEUE_LIMIT} per endpoint, and says so`, async () => {
    const at = 3_000_000_000_000;
    const id = await endpointWithMessages(QUEUE_LIMIT + 3, at);
    expect(await messages.dropOverflow(QUEUE_LIMIT, HISTORY_LIMIT, DROPPED_REASON, at)).toBe(3);
    const all = await messages.listRecent(id, QUEUE_LIMIT + 3);
    const dropped = all.filter((message) => message.state === 'dropped');
    expect(dropped.map((message) => message.messageId).sort()).toEqual([
      `msg_${id}_0`,
      `msg_${id}_1`,
      `msg_${id}_2`,
    ]);
    expect(dropped[0]?.lastError).toBe(DROPPED_REASON);
    expect(all.filter((message) => message.state === 'pending')).toHaveLength(QUEUE_LIMIT);
  });

  it(`keeps only the newest ${HISTORY_LIMIT} of a flood's dropped messages, and counts them all`, async () => {
    const at = 3_000_000_000_000;
    const overflow = HISTORY_LIMIT + 1_150;
    const id = await endpointWithMessages(QUEUE_LIMIT + overflow, at);
    expect(await messages.dropOverflow(QUEUE_LIMIT, HISTORY_LIMIT, DROPPED_REASON, at)).toBe(overflow);
    const all = await messages.listRecent(id, QUEUE_LIMIT + overflow);
    expect(all).toHaveLength(QUEUE_LIMIT + HISTORY_LIMIT);
    const dropped = all.filter((message) => message.state === 'dropped');
    // The newest of those dropped are the ones still listed.
    expect(dropped.map((message) => message.messageId).sort()).toEqual(
      Array.from(
        { length: HISTORY_LIMIT },
        (_, index) => `msg_${id}_${overflow - HISTORY_LIMIT + index}`,
      ).sort(),
    );
    expect(all.filter((message) => message.state === 'pending')).toHaveLength(QUEUE_LIMIT);
    const [endpoint] = await endpoints.listById([id]).then((found) => [...found.values()]);
    expect(endpoint?.droppedMessages).toBe(overflow);
  });
});
