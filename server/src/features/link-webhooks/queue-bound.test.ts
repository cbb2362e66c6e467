/**
 * An endpoint's queue keeps at most LINK_WEBHOOK_QUEUE_LIMIT waiting messages, also while the
 * endpoint accepts connections and never answers (each attempt then waits for its timeout): the
 * oldest waiting ones are dropped, counted on the endpoint, and the newest of those listed as dropped.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_WEBHOOK_QUEUE_LIMIT } from '../../../../shared/link-webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { createLink, visit } from '../short-links/test-helpers.js';
import { DROPPED_REASON } from '../delivery/delivery-worker.js';
import { createMessagesRepo } from '../delivery/outbox.repo.js';
import { addEndpoint, eventually, listEndpoints } from './test-helpers.js';

const CLICKS = 3050;
/** Real visits; the rest of the clicks are queued as the click path queues them, in one go (a visit takes tens of ms here). */
const VISITS = 50;

describe.each(storageBackends)('the click webhook queue bound on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let silentUrl: string;

  beforeAll(async () => {
    // Accepts every connection and never answers.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
    app = await buildTestApp({
      postgres,
      replayAllowPrivate: true,
      linkWebhookDelivery: { intervalMs: 50, retryDelaysMs: [0, 0] },
    });
  });
  afterAll(async () => {
    // Ends the attempts still waiting, so the app closes without waiting for their timeouts.
    await new Promise((resolve) => {
      silent.close(resolve);
      for (const socket of sockets) socket.destroy();
    });
    await app.close();
  });

  it(`keeps at most ${LINK_WEBHOOK_QUEUE_LIMIT} waiting for an endpoint that never answers, and says how many were dropped`, async () => {
    const owner = await createSession(app);
    const link = await createLink(app, owner, 'https://example.com/launch');
    const endpoint = await addEndpoint(app, owner, { url: silentUrl, linkId: link.id });
    for (let index = 0; index < VISITS; index += 1) {
      const response = await visit(app, link.id);
      expect(response.statusCode).toBe(302);
    }
    const at = Date.now();
    await createMessagesRepo(app.database.db).insertMany(
      Array.from({ length: CLICKS - VISITS }, (_, index) => ({
        endpointId: endpoint.id,
        messageId: `msg_${String(index).padStart(32, '0')}`,
        type: 'link.clicked' as const,
        payload: '{"type":"link.clicked"}',
        createdAt: at,
      })),
    );

    // Waiting: pending and not out on an attempt (those wait for their timeout, then retry).
    const messagesOf = async () => {
      const rows = await app.database.db
        .selectFrom('delivery_messages')
        .select(['status', 'claim'])
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      const [shown] = await listEndpoints(app, owner);
      return {
        waiting: rows.filter((row) => row.status === 'pending' && row.claim === null).length,
        // Out on an attempt, or failed after every attempt: not dropped, still kept.
        kept: rows.filter((row) => row.status !== 'dropped').length,
        listedDropped: rows.filter((row) => row.status === 'dropped').length,
        droppedCount: shown?.droppedCount ?? 0,
      };
    };
    // Every click is accounted for: kept, or counted as dropped.
    const settled = await eventually(
      messagesOf,
      ({ waiting, kept, droppedCount }) =>
        kept + droppedCount === CLICKS && waiting <= LINK_WEBHOOK_QUEUE_LIMIT,
    );
    expect(settled.waiting).toBeLessThanOrEqual(LINK_WEBHOOK_QUEUE_LIMIT);

    // A few are out on attempts that wait for their timeout; every other one past the limit went.
    expect(settled.droppedCount).toBeGreaterThanOrEqual(CLICKS - LINK_WEBHOOK_QUEUE_LIMIT - 20);
    // The newest of them are still listed as dropped; older ones left no row behind.
    expect(settled.listedDropped).toBeGreaterThan(0);
    expect(settled.listedDropped).toBeLessThan(settled.droppedCount);
    const reasons = await app.database.db
      .selectFrom('delivery_messages')
      .select('last_error')
      .where('endpoint_id', '=', endpoint.id)
      .where('status', '=', 'dropped')
      .distinct()
      .execute();
    expect(reasons.map((row) => row.last_error)).toEqual([DROPPED_REASON]);
  }, 90_000);
});
