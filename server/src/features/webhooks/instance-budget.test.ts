/**
 * The instance's storage budget (STORAGE_MAX_MB): every session together keeps at most that many
 * bytes of captured requests. Past it the largest sessions lose their oldest requests first, a
 * session's newest request always stays, and instances sharing a database keep one budget. The
 * prune timer's work is run directly here.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionsOverview } from '../../../../shared/admin.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends, type TestAppOptions } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { asBrowser, becomeAdmin, openAdminTestStore } from '../admin/test-helpers.js';
import { captureOk, listEvents } from './test-captures.js';

const KiB = 1024;
const TOKEN = 'budget-test-metrics-token';

describe.each(storageBackends)('the instance storage budget on $name', ({ postgres }) => {
  const closers: (() => Promise<void>)[] = [];
  async function buildApp(options: TestAppOptions): Promise<FastifyInstance> {
    const app = await buildTestApp({ postgres, metricsToken: TOKEN, ...options });
    closers.push(() => app.close());
    return app;
  }
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function captureMany(app: FastifyInstance, user: SessionUser, count: number, bytes: number) {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(await captureOk(app, user, { payload: Buffer.alloc(bytes, 'a') }));
    }
    return ids;
  }

  /** Each kept request's bytes as the limits count them (headers as stored, body), newest first. */
  async function keptOf(app: FastifyInstance, user: SessionUser) {
    const events = await listEvents(app, user, '?limit=500');
    return events.map((event) => ({
      id: event.id,
      bytes: Buffer.byteLength(JSON.stringify(event.rawHeaders)) + event.size,
    }));
  }
  const sum = (rows: { bytes: number }[]) => rows.reduce((total, row) => total + row.bytes, 0);

  async function metric(app: FastifyInstance, name: string): Promise<number> {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const line = response.body.split('\n').find((row) => row.startsWith(`${name} `));
    expect(line, name).toBeDefined();
    return Number(line?.split(' ')[1]);
  }

  it('removes the oldest requests of the largest session first, just enough to fit, and says so', async () => {
    const budget = 40 * KiB;
    const app = await buildApp({ storageMaxBytes: budget });
    const big = await createSession(app);
    const medium = await createSession(app);
    const quiet = await createSession(app);
    const bigIds = await captureMany(app, big, 12, 3 * KiB);
    const mediumIds = await captureMany(app, medium, 4, 3 * KiB);
    const quietIds = await captureMany(app, quiet, 2, 3 * KiB);
    const bigBefore = await keptOf(app, big);
    const totalBefore = sum(bigBefore) + sum(await keptOf(app, medium)) + sum(await keptOf(app, quiet));
    expect(totalBefore).toBeGreaterThan(budget);
    const info = vi.spyOn(app.log, 'info');

    await app.services.webhooks.prune();

    expect((await keptOf(app, medium)).map((row) => row.id)).toEqual([...mediumIds].reverse());
    expect((await keptOf(app, quiet)).map((row) => row.id)).toEqual([...quietIds].reverse());
    const bigKept = await keptOf(app, big);
    expect(bigKept.map((row) => row.id)).toEqual(bigIds.slice(-bigKept.length).reverse());
    const totalAfter = sum(bigKept) + sum(await keptOf(app, medium)) + sum(await keptOf(app, quiet));
    expect(totalAfter).toBeLessThanOrEqual(budget);
    // Not one request more than needed: the next older one would not have fitted.
    const nextOlder = bigBefore[bigKept.length];
    expect(totalAfter + (nextOlder?.bytes ?? 0)).toBeGreaterThan(budget);

    expect(await metric(app, 'hookbay_stored_bytes')).toBe(totalAfter);
    expect(await metric(app, 'hookbay_storage_budget_bytes')).toBe(budget);
    expect(await metric(app, 'hookbay_storage_budget_removed_bytes_total')).toBe(totalBefore - totalAfter);
    expect(await metric(app, 'hookbay_storage_budget_removed_requests_total')).toBe(12 - bigKept.length);
    const logged = info.mock.calls.find(
      ([, message]) => message === 'removed captured requests past the storage limits',
    );
    expect(logged?.[0]).toMatchObject({
      budget: {
        budget,
        totalBefore,
        bytes: totalBefore - totalAfter,
        requests: 12 - bigKept.length,
        sessions: 1,
      },
    });
  });

  it('keeps a session’s newest request even when it alone is over the budget, and its sender was answered', async () => {
    const app = await buildApp({ storageMaxBytes: 10 * KiB });
    const large = await createSession(app);
    const small = await createSession(app);
    const [older] = await captureMany(app, large, 1, 2 * KiB);
    // captureOk asserts the sender's 200 and the id it was given.
    const [newest] = await captureMany(app, large, 1, 40 * KiB);
    const [smallId] = await captureMany(app, small, 1, KiB);
    expect(older).toBeDefined();

    await app.services.webhooks.prune();

    expect((await keptOf(app, large)).map((row) => row.id)).toEqual([newest]);
    expect((await keptOf(app, small)).map((row) => row.id)).toEqual([smallId]);
  });

  it('under the budget nothing is removed', async () => {
    const app = await buildApp({ storageMaxBytes: 1024 * KiB });
    const user = await createSession(app);
    const ids = await captureMany(app, user, 5, 3 * KiB);
    await app.services.webhooks.prune();
    expect((await keptOf(app, user)).map((row) => row.id)).toEqual([...ids].reverse());
    expect(await metric(app, 'hookbay_storage_budget_removed_bytes_total')).toBe(0);
  });

  it('two instances on one database keep one budget, and the admin Sessions tab shows it', async () => {
    const budget = 30 * KiB;
    const store = await openAdminTestStore(postgres);
    closers.push(() => store.close());
    const first = await store.buildApp({ storageMaxBytes: budget });
    const second = await store.buildApp({ storageMaxBytes: budget });
    const filler = await createSession(first);
    const other = await createSession(second);
    // Neither instance alone captured more than the budget: together they did.
    const fillerIds = await captureMany(first, filler, 6, 3 * KiB);
    const otherIds = await captureMany(second, other, 4, 3 * KiB);

    await second.services.webhooks.prune();

    const fillerKept = await keptOf(first, filler);
    expect(fillerKept.map((row) => row.id)).toEqual(fillerIds.slice(-fillerKept.length).reverse());
    expect(fillerKept.length).toBeLessThan(fillerIds.length);
    const otherKept = await keptOf(second, other);
    expect(otherKept.map((row) => row.id)).toEqual([...otherIds].reverse());
    const total = sum(fillerKept) + sum(otherKept);
    expect(total).toBeLessThanOrEqual(budget);

    const admin = await createSession(first);
    const cookie = await becomeAdmin(store, first, admin);
    const response = await first.inject({
      method: 'GET',
      url: '/api/admin/sessions',
      ...asBrowser(admin, cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SessionsOverview>().storage).toEqual({ bytes: total, budgetBytes: budget });
  });
});
