/**
 * Several instances behind no load balancer at all: each request goes to the instance the test
 * picks, as a load balancer might, and they must behave as one server. Run in both shapes of
 * "several" (instances.ts): three processes on one PostgreSQL schema and one Redis (when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set), and the two workers of one WORKERS=2 server on
 * the embedded SQLite database, which cross through their primary instead of Redis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { URL_CLICK, WEBHOOK_REQUEST, WEBHOOKS_CLEARED } from '../../shared/realtime.js';
import { SESSION_COOKIE, type SessionUser } from '../../shared/sessions.js';
import type { ShortUrl, UrlAnalytics } from '../../shared/links.js';
import type { AdminStatus } from '../../shared/admin.js';
import { openDatabase } from '../src/db/connection.js';
import { migrations } from '../src/db/migrations/index.js';
import { ADMIN_COOKIE } from '../src/http/admin-guard.js';
import { grantAdmin } from '../src/features/admin/admin-grants.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './app.js';
import {
  call,
  capture,
  createLink,
  follow,
  json,
  listEvents,
  receivedIds,
  startInstances,
  startSession,
  type Instance,
  type Instances,
  type InstancesMode,
} from './instances.js';
import {
  freePort,
  startRedis,
  startServer,
  waitFor,
  type RedisProcess,
  type ServerProcess,
} from './processes.js';
import { connectSocket, nextEvent, type TestSocket } from './socket.js';
import { parsePublicOrigin } from '../src/config.js';

const HOOK_TIMEOUT_MS = 180_000;
const REDIS_DOWN = /^Redis is unavailable/;
const REDIS_BACK = /^Redis is back/;

const shapes: { mode: InstancesMode; title: string; runs: boolean }[] = [
  {
    mode: 'instances',
    title: 'several instances on one PostgreSQL and one Redis',
    runs: Boolean(TEST_DATABASE_URL && TEST_REDIS_URL),
  },
  { mode: 'workers', title: 'the two workers of one server on SQLite', runs: true },
];

describe.each(shapes)('$title', ({ mode, runs }) => {
  describe.runIf(runs)(mode, () => {
    let instances: Instances;
    let a: Instance;
    let b: Instance;
    let c: Instance;
    const sockets: TestSocket[] = [];

    async function connect(instance: Instance, user: SessionUser): Promise<TestSocket> {
      const socket = await connectSocket(instance.origin, user.sessionId);
      sockets.push(socket);
      return socket;
    }

    beforeAll(async () => {
      instances = await startInstances(mode);
      ({ a, b, c } = instances);
    }, HOOK_TIMEOUT_MS);

    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.close();
    });

    afterAll(async () => {
      await instances.stop();
    }, HOOK_TIMEOUT_MS);

    it('every instance comes up on a brand-new store, migrated once', async () => {
      for (const instance of [a, b, c]) expect((await fetch(`${instance.origin}/healthz`)).status).toBe(200);
      const database = await openDatabase(instances.storage);
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          database.db,
        );
        expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      } finally {
        await database.close();
      }
    });

    it('a request captured on one instance reaches the owner’s socket on another, as the third lists it', async () => {
      const user = await startSession(a);
      const socket = await connect(b, user);
      const received = nextEvent(socket, WEBHOOK_REQUEST);
      const id = await capture(a, user, '/cross?x=1');
      const event = await received;
      expect(event).toMatchObject({ id, method: 'POST', path: '/cross', payload: { path: '/cross?x=1' } });
      expect(await listEvents(c, user)).toEqual([event]);
    });

    it('a socket that reconnects to another instance catches up there on what it missed', async () => {
      const user = await startSession(a);
      const first = await connect(b, user);
      const seen = nextEvent(first, WEBHOOK_REQUEST);
      const seenId = await capture(c, user, '/seen');
      expect((await seen).id).toBe(seenId);

      first.close();
      const missedId = await capture(a, user, '/missed-while-away');
      const again = await connect(c, user);
      const received: number[] = [];
      again.on(WEBHOOK_REQUEST, (event) => received.push(event.id));
      // What the web client does on every connect: ask for everything after the newest id it has.
      expect((await listEvents(c, user, `?after=${seenId}`)).map((event) => event.id)).toEqual([missedId]);
      const liveId = await capture(b, user, '/live-again');
      await vi.waitFor(() => expect(received).toContain(liveId));
      // The missed request may also arrive live, when its event was still on its way through Redis
      // as the socket connected; the client keeps one copy of each id.
      expect(received.filter((id) => id !== missedId)).toEqual([liveId]);
    });

    it('"Clear all" on one instance empties the list on the others and reaches the owner’s sockets there', async () => {
      const user = await startSession(a);
      const other = await startSession(a);
      await capture(a, user, '/one');
      const newest = await capture(b, user, '/two');
      const kept = await capture(c, other, '/other-session');
      const onB = await connect(b, user);
      const onC = await connect(c, user);
      const toldB = nextEvent(onB, WEBHOOKS_CLEARED);
      const toldC = nextEvent(onC, WEBHOOKS_CLEARED);
      const cleared = await call(a.origin, '/api/events', { method: 'DELETE', user });
      expect(await json(cleared)).toEqual({ ok: true, deleted: 2, upTo: newest });
      expect(await toldB).toEqual({ upTo: newest });
      expect(await toldC).toEqual({ upTo: newest });
      expect(await listEvents(b, user)).toEqual([]);
      expect(await listEvents(c, user)).toEqual([]);
      expect((await listEvents(b, other)).map((event) => event.id)).toEqual([kept]);
      // The next request shows up as usual, wherever it lands.
      const next = await capture(c, user, '/after');
      expect((await listEvents(a, user)).map((event) => event.id)).toEqual([next]);
    });

    it('a click on one instance is counted in the analytics on another and pushed to the owner’s socket on a third', async () => {
      const user = await startSession(a);
      const link = await createLink(a, user, 'https://example.com/clicked');
      const socket = await connect(b, user);
      const pushed = nextEvent(socket, URL_CLICK);
      expect(await follow(c, link.id)).toBe('https://example.com/clicked');
      expect(await pushed).toEqual({ urlId: link.id, totalClicks: 1 });
      const analytics = await json<UrlAnalytics>(await call(a.origin, `/s/${link.id}/analytics`, { user }));
      expect(analytics.totalClicks).toBe(1);
      expect(analytics.recentClicks).toHaveLength(1);
    });

    it('an edit or a delete on one instance is followed at once by the redirects of the others', async () => {
      const user = await startSession(a);
      const link = await createLink(a, user, 'https://example.com/before');
      // Each instance now has the link in its cache.
      for (const instance of [a, b, c])
        expect(await follow(instance, link.id)).toBe('https://example.com/before');

      const edited = await call(a.origin, `/api/urls/${link.id}`, {
        method: 'PUT',
        user,
        body: { url: 'https://example.com/after' },
      });
      await json<ShortUrl>(edited);
      expect(await follow(b, link.id)).toBe('https://example.com/after');
      expect(await follow(c, link.id)).toBe('https://example.com/after');

      await json<unknown>(await call(a.origin, `/api/urls/${link.id}`, { method: 'DELETE', user }));
      expect(await follow(c, link.id)).toBe(404);
      expect(await follow(b, link.id)).toBe(404);
    });

    it('an admin cookie claimed on one instance is accepted by another', async () => {
      const user = await startSession(a);
      const database = await openDatabase(instances.storage);
      let claimUrl: string;
      try {
        ({ claimUrl } = await grantAdmin(database.db, user.sessionId, {
          publicOrigin: parsePublicOrigin(a.origin),
          port: 0,
        }));
      } finally {
        await database.close();
      }
      const claimed = await call(a.origin, new URL(claimUrl).pathname, {
        cookies: { [SESSION_COOKIE]: user.sessionId },
      });
      expect(claimed.status).toBe(302);
      const adminCookie = claimed.headers
        .getSetCookie()
        .map((line) => /^([^=]+)=([^;]*)/.exec(line))
        .find((match) => match?.[1] === ADMIN_COOKIE)?.[2];
      expect(adminCookie).toBeDefined();
      const cookies = { [ADMIN_COOKIE]: adminCookie ?? '' };

      const status = await json<AdminStatus>(
        await call(b.origin, '/api/admin/check-status', { user, cookies }),
      );
      expect(status.isAdmin).toBe(true);
      expect((await call(c.origin, '/api/admin/suggestions-stats', { user, cookies })).status).toBe(200);
      expect((await call(c.origin, '/api/admin/suggestions-stats', { user })).status).toBe(403);
    });

    // Workers have no Redis to lose: their messages cross through their own primary.
    // Defined only where it runs: CI counts a skipped test as a failure.
    if (mode === 'instances')
      describe('when Redis goes away for a moment', () => {
        let redis: RedisProcess;
        let redisPort: number;
        let d: ServerProcess;
        let e: ServerProcess;

        beforeAll(async () => {
          // A private Redis that this test may stop; the shared one is never touched.
          redisPort = await freePort();
          redis = await startRedis(redisPort);
          // debug: each reconnect attempt is logged there, to show the outage is still logged only once.
          const pair = await Promise.all(
            [0, 1].map(() =>
              startServer({
                databaseUrl: instances.storage.databaseUrl ?? '',
                redisUrl: redis.url,
                logLevel: 'debug',
              }),
            ),
          );
          [d, e] = pair as [ServerProcess, ServerProcess];
        }, HOOK_TIMEOUT_MS);

        afterAll(async () => {
          await Promise.all([d, e].map((server) => server.stop()));
          await redis.stop('SIGKILL');
        }, HOOK_TIMEOUT_MS);

        it('keeps capturing and delivering locally, logs the outage once, and recovers by itself', async () => {
          const user = await startSession(d);
          const onD = receivedIds(await connect(d, user));
          const onE = receivedIds(await connect(e, user));
          const beforeId = await capture(e, user, '/before-outage');
          await waitFor('the event on the other instance', () => onD.includes(beforeId));
          const link = await createLink(d, user, 'https://example.com/before-outage');
          expect(await follow(e, link.id)).toBe('https://example.com/before-outage');

          await redis.stop('SIGKILL');
          for (const server of [d, e]) {
            await waitFor('the outage in the log', () => server.logsMatching(REDIS_DOWN).length > 0);
          }
          const duringIds: number[] = [];
          for (const path of ['/during-1', '/during-2', '/during-3'])
            duringIds.push(await capture(d, user, path));
          await waitFor('the local socket to get every event', () =>
            duringIds.every((id) => onD.includes(id)),
          );
          // E cannot be told of this edit now; it must not keep its cached copy once Redis is back.
          const edited = await call(d.origin, `/api/urls/${link.id}`, {
            method: 'PUT',
            user,
            body: { url: 'https://example.com/edited-during-outage' },
          });
          await json<ShortUrl>(edited);
          // A few reconnect attempts have failed by now, each without a new outage line.
          await waitFor('reconnect attempts', () => d.logsMatching(/^reconnecting to Redis/).length >= 4);

          redis = await startRedis(redisPort);
          for (const server of [d, e]) {
            await waitFor('the recovery in the log', () => server.logsMatching(REDIS_BACK).length > 0);
          }
          const toE = await capture(d, user, '/after-outage');
          const toD = await capture(e, user, '/after-outage-too');
          await waitFor('events across instances again', () => onE.includes(toE) && onD.includes(toD));
          expect(await follow(e, link.id)).toBe('https://example.com/edited-during-outage');

          for (const server of [d, e]) {
            expect(server.isRunning()).toBe(true);
            expect(server.logsMatching(REDIS_DOWN)).toHaveLength(1);
            expect(server.logsMatching(REDIS_BACK)).toHaveLength(1);
          }
        }, 40_000);
      });
  });
});
