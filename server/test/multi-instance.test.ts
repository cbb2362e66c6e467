/**
 * Several real server processes behind no load balancer at all: each request goes to the instance
 * the test picks, as a load balancer might. They share one PostgreSQL schema and one Redis, and
 * must behave as one server. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { URL_CLICK, WEBHOOK_REQUEST, WEBHOOKS_CLEARED } from '../../shared/realtime.js';
import { SESSION_COOKIE, type SessionUser } from '../../shared/sessions.js';
import type { ShortUrl, UrlAnalytics } from '../../shared/links.js';
import type { WebhookEvent } from '../../shared/webhooks.js';
import type { AdminStatus } from '../../shared/admin.js';
import { openDatabase } from '../src/db/connection.js';
import { migrations } from '../src/db/migrations/index.js';
import { ADMIN_COOKIE } from '../src/features/admin/admin-cookie.js';
import { grantAdmin } from '../src/features/admin/admin-grants.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl } from './app.js';
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

const HOOK_TIMEOUT_MS = 90_000;
const REDIS_DOWN = /^Redis is unavailable/;
const REDIS_BACK = /^Redis is back/;

/** A person's browser: the default fetch agent counts as a bot, whose clicks are not counted. */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface CallOptions {
  method?: string;
  user?: SessionUser;
  body?: unknown;
  cookies?: Record<string, string>;
}

async function call(origin: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'user-agent': BROWSER_AGENT };
  if (options.user) headers['x-session-id'] = options.user.sessionId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookies) {
    headers.cookie = Object.entries(options.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
  return fetch(`${origin}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function startSession(server: ServerProcess): Promise<SessionUser> {
  return json<SessionUser>(await call(server.origin, '/api/user', { method: 'POST', body: {} }));
}

async function capture(server: ServerProcess, user: SessionUser, path: string): Promise<number> {
  const response = await call(server.origin, `/webhook/${user.sessionId}${path}`, {
    method: 'POST',
    body: { path },
  });
  return (await json<{ id: number }>(response)).id;
}

async function listEvents(server: ServerProcess, user: SessionUser, query = ''): Promise<WebhookEvent[]> {
  return json<WebhookEvent[]>(await call(server.origin, `/api/events${query}`, { user }));
}

async function createLink(server: ServerProcess, user: SessionUser, url: string): Promise<ShortUrl> {
  return json<ShortUrl>(await call(server.origin, '/api/urls', { method: 'POST', user, body: { url } }), 201);
}

/** Where the short link sends a visitor from this instance, or its status when it does not redirect. */
async function follow(server: ServerProcess, id: string): Promise<string | number> {
  const response = await call(server.origin, `/s/${id}`);
  await response.arrayBuffer();
  return response.status === 302 ? (response.headers.get('location') ?? '') : response.status;
}

/** Ids of the webhook-request events the socket receives from now on. */
function receivedIds(socket: TestSocket): number[] {
  const ids: number[] = [];
  socket.on(WEBHOOK_REQUEST, (event) => ids.push(event.id));
  return ids;
}

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)(
  'several instances on one PostgreSQL and one Redis',
  () => {
    let databaseUrl: string;
    let servers: ServerProcess[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let c: ServerProcess;
    const sockets: TestSocket[] = [];

    async function connect(server: ServerProcess, user: SessionUser): Promise<TestSocket> {
      const socket = await connectSocket(server.origin, user.sessionId);
      sockets.push(socket);
      return socket;
    }

    beforeAll(async () => {
      // Checked above by runIf; repeated so the types know.
      if (!TEST_DATABASE_URL || !TEST_REDIS_URL)
        throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are needed');
      databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
      const redisUrl = TEST_REDIS_URL;
      // Started together on a brand-new schema, so their migrations race.
      servers = await Promise.all([0, 1, 2].map(() => startServer({ databaseUrl, redisUrl })));
      [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    }, HOOK_TIMEOUT_MS);

    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.close();
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    }, HOOK_TIMEOUT_MS);

    it('three instances started at once on a brand-new schema all come up, and migrate it once', async () => {
      for (const server of servers) expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>(
          'select name from kysely_migration order by name',
        );
        expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      } finally {
        await client.end();
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
      // What the web client does on every connect: ask for everything after the newest id it has.
      expect((await listEvents(c, user, `?after=${seenId}`)).map((event) => event.id)).toEqual([missedId]);
      const live = nextEvent(again, WEBHOOK_REQUEST);
      const liveId = await capture(b, user, '/live-again');
      expect((await live).id).toBe(liveId);
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
      for (const server of servers) expect(await follow(server, link.id)).toBe('https://example.com/before');

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
      const database = await openDatabase({ databaseUrl, dataDir: '' });
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
          [0, 1].map(() => startServer({ databaseUrl, redisUrl: redis.url, logLevel: 'debug' })),
        );
        [d, e] = pair as [ServerProcess, ServerProcess];
        servers.push(d, e);
      }, HOOK_TIMEOUT_MS);

      afterAll(async () => {
        await redis.stop('SIGKILL');
      });

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
        await waitFor('the local socket to get every event', () => duringIds.every((id) => onD.includes(id)));
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
  },
);
