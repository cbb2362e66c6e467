/**
 * Bounded storage on a public instance: a session keeps at most sessionStorageBytes of requests
 * (oldest removed first, the newest always kept) and no request outlives eventMaxAgeMs, in any
 * session. The prune timer's work is run directly here.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TRUNCATED_STUB_BYTES } from '../../../../shared/webhooks.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildTestApp,
  freshPostgresUrl,
  storageBackends,
  TEST_DATABASE_URL,
  type TestAppOptions,
} from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { captureOk, listedIds } from './test-captures.js';

const KiB = 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(storageBackends)('storage limits on $name', ({ postgres }) => {
  const apps: FastifyInstance[] = [];
  async function buildApp(options: TestAppOptions): Promise<FastifyInstance> {
    const app = await buildTestApp({ postgres, ...options });
    apps.push(app);
    return app;
  }
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** Captures `count` requests with bodies of `bytes` bytes; returns their ids, oldest first. */
  async function captureMany(app: FastifyInstance, user: SessionUser, count: number, bytes: number) {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(await captureOk(app, user, { payload: Buffer.alloc(bytes, 'a') }));
    }
    return ids;
  }

  const storedIds = (app: FastifyInstance, user: SessionUser) => listedIds(app, user, '?limit=500');

  describe('per session, by bytes', () => {
    it('removes the oldest requests of a session past its byte limit and keeps the newest that fit', async () => {
      // Each request keeps 3 KiB of body plus its headers (well under 1 KiB): three fit in 10 KiB, four do not.
      const app = await buildApp({ sessionStorageBytes: 10 * KiB });
      const busy = await createSession(app);
      const quiet = await createSession(app);
      const busyIds = await captureMany(app, busy, 8, 3 * KiB);
      const quietIds = await captureMany(app, quiet, 3, 3 * KiB);

      await app.services.webhooks.prune();

      expect(await storedIds(app, busy)).toEqual(busyIds.slice(-3).reverse());
      expect(await storedIds(app, quiet)).toEqual([...quietIds].reverse());
    });

    it('headers count too: many requests with large headers and no body are pruned by their bytes', async () => {
      const app = await buildApp({ sessionStorageBytes: 10 * KiB });
      const user = await createSession(app);
      const ids: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        ids.push(
          await captureOk(app, user, { method: 'GET', headers: { 'x-padding': 'p'.repeat(3 * KiB) } }),
        );
      }
      await app.services.webhooks.prune();
      expect(await storedIds(app, user)).toEqual(ids.slice(-3).reverse());
    });

    it('always keeps the newest request, even one larger than the limit alone', async () => {
      const app = await buildApp({ sessionStorageBytes: 10 * KiB });
      const user = await createSession(app);
      await captureMany(app, user, 1, 2 * KiB);
      const [large] = await captureMany(app, user, 1, 40 * KiB);
      await app.services.webhooks.prune();
      expect(await storedIds(app, user)).toEqual([large]);

      const [small] = await captureMany(app, user, 1, KiB);
      await app.services.webhooks.prune();
      expect(await storedIds(app, user)).toEqual([small]);
    });

    it('a 413 stub counts with the bytes it kept, not the size that was sent', async () => {
      // Three stubs of 64 KiB do not fit in 150 KiB, two do; counted by the 200 KiB sent, only one would.
      const app = await buildApp({ captureMaxBytes: KiB, sessionStorageBytes: 150 * KiB });
      const user = await createSession(app);
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: `/webhook/${user.sessionId}`,
          payload: Buffer.alloc(200 * KiB, 'b'),
        });
        expect(response.statusCode).toBe(413);
        ids.push(response.json<{ id: number }>().id);
      }
      expect(2 * TRUNCATED_STUB_BYTES).toBeLessThan(150 * KiB);
      await app.services.webhooks.prune();
      expect(await storedIds(app, user)).toEqual(ids.slice(-2).reverse());
    });

    it('the count limit still applies beside the byte limit', async () => {
      const app = await buildApp({ eventsPerSession: 2, sessionStorageBytes: 1024 * KiB });
      const user = await createSession(app);
      const ids = await captureMany(app, user, 5, 10);
      await app.services.webhooks.prune();
      expect(await storedIds(app, user)).toEqual(ids.slice(-2).reverse());
    });

    it('requests deleted in the list still count until they are pruned', async () => {
      const app = await buildApp({ sessionStorageBytes: 10 * KiB });
      const user = await createSession(app);
      const ids = await captureMany(app, user, 4, 3 * KiB);
      const hidden = await app.inject({
        method: 'DELETE',
        url: `/api/events/${ids[3] as number}`,
        headers: { 'x-session-id': user.sessionId },
      });
      expect(hidden.statusCode).toBe(200);
      await app.services.webhooks.prune();
      // The hidden newest one still takes its 3 KiB, so only two visible ones fit beside it.
      expect(await storedIds(app, user)).toEqual(ids.slice(1, 3).reverse());
    });
  });

  it('limits lowered while the server was stopped apply at the next start, also to sessions nobody captures into', async () => {
    // One store opened twice, one after the other, as a restart with new settings does.
    const store =
      postgres && TEST_DATABASE_URL
        ? { databaseUrl: await freshPostgresUrl(TEST_DATABASE_URL) }
        : { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-restart-')) };
    const before = await buildTestApp({ ...store, sessionStorageBytes: 1024 * KiB });
    const user = await createSession(before);
    const ids = await captureMany(before, user, 6, 3 * KiB);
    await before.services.webhooks.prune();
    expect(await storedIds(before, user)).toHaveLength(6);
    await before.close();

    const after = await buildApp({ ...store, sessionStorageBytes: 10 * KiB });
    await after.services.webhooks.prune();
    expect(await storedIds(after, user)).toEqual(ids.slice(-3).reverse());
  });

  describe('by age', () => {
    it('removes requests older than the age limit in every session, also sessions not captured into since', async () => {
      const app = await buildApp({ eventMaxAgeMs: DAY_MS });
      const dormant = await createSession(app);
      const active = await createSession(app);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 2 * DAY_MS);
      await captureMany(app, dormant, 2, 10);
      await captureMany(app, active, 1, 10);
      // Nothing is old yet: this run only clears the sessions captured into.
      await app.services.webhooks.prune();
      expect(await storedIds(app, dormant)).toHaveLength(2);
      vi.useRealTimers();

      const [activeNew] = await captureMany(app, active, 1, 10);
      await app.services.webhooks.prune();

      expect(await storedIds(app, dormant)).toEqual([]);
      expect(await storedIds(app, active)).toEqual([activeNew]);
    });

    it('keeps old requests when there is no age limit (EVENT_MAX_AGE_DAYS=0)', async () => {
      const app = await buildApp({ eventMaxAgeMs: null });
      const user = await createSession(app);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 400 * DAY_MS);
      const ids = await captureMany(app, user, 2, 10);
      vi.useRealTimers();
      await app.services.webhooks.prune();
      expect(await storedIds(app, user)).toEqual([...ids].reverse());
    });
  });
});
