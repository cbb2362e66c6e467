/**
 * "Several instances" in the two shapes Hookbay runs them, for the multi-instance suite:
 * - `instances`: three server processes on one PostgreSQL schema and one Redis;
 * - `workers`: one server with WORKERS=2 on the embedded SQLite database and no Redis, each of
 *   whose workers is reached through a relay pinned to it (worker-pin.ts). The three instances are
 *   then worker 0, worker 1 and worker 0 again, so every step the suite takes "on another instance"
 *   crosses from one worker to the other.
 * And the HTTP calls the suite makes on them, each to the instance it names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionUser } from '../../shared/sessions.js';
import type { ShortUrl } from '../../shared/links.js';
import type { WebhookEvent } from '../../shared/webhooks.js';
import { WEBHOOK_REQUEST } from '../../shared/realtime.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl } from './app.js';
import { startServer, waitFor, type ServerProcess } from './processes.js';
import type { TestSocket } from './socket.js';
import { pinToWorker, workerPids, type PinnedWorker } from './worker-pin.js';

export type InstancesMode = 'instances' | 'workers';

/** Where requests meant for one instance go. */
export interface Instance {
  origin: string;
}

export interface Instances {
  a: Instance;
  b: Instance;
  c: Instance;
  /** The store they share, to open it from the test as the server does. */
  storage: { databaseUrl: string | null; dataDir: string };
  /** The server processes (three instances, or the one primary of the workers). */
  processes: ServerProcess[];
  stop(): Promise<void>;
}

async function startThreeInstances(): Promise<Instances> {
  if (!TEST_DATABASE_URL || !TEST_REDIS_URL)
    throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are needed');
  const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
  const redisUrl = TEST_REDIS_URL;
  // Started together on a brand-new schema, so their migrations race.
  const processes = await Promise.all([0, 1, 2].map(() => startServer({ databaseUrl, redisUrl })));
  const [a, b, c] = processes as [ServerProcess, ServerProcess, ServerProcess];
  return {
    a,
    b,
    c,
    storage: { databaseUrl, dataDir: '' },
    processes,
    stop: async () => void (await Promise.all(processes.map((server) => server.stop()))),
  };
}

async function startTwoWorkers(): Promise<Instances> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-workers-'));
  const server = await startServer({ dataDir, extra: { WORKERS: '2' } });
  // Both workers listen before the primary says the server is running.
  await waitFor('the running line', () => server.lines.some((line) => line.includes('(2 workers)')));
  const workers = workerPids(server.pid);
  if (workers.length !== 2) throw new Error(`expected 2 workers, found ${workers.length}`);
  const port = Number(new URL(server.origin).port);
  const pins: PinnedWorker[] = [];
  for (const worker of [workers[0], workers[1], workers[0]] as number[]) {
    pins.push(await pinToWorker(port, worker, workers));
  }
  const [a, b, c] = pins as [PinnedWorker, PinnedWorker, PinnedWorker];
  return {
    a,
    b,
    c,
    storage: { databaseUrl: null, dataDir },
    processes: [server],
    async stop() {
      for (const pin of pins) pin.close();
      await server.stop();
    },
  };
}

export function startInstances(mode: InstancesMode): Promise<Instances> {
  return mode === 'instances' ? startThreeInstances() : startTwoWorkers();
}

/** A person's browser: the default fetch agent counts as a bot, whose clicks are not counted. */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface CallOptions {
  method?: string;
  user?: SessionUser;
  body?: unknown;
  cookies?: Record<string, string>;
}

export async function call(origin: string, path: string, options: CallOptions = {}): Promise<Response> {
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

export async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function startSession(instance: Instance): Promise<SessionUser> {
  return json<SessionUser>(await call(instance.origin, '/api/user', { method: 'POST', body: {} }));
}

export async function capture(instance: Instance, user: SessionUser, path: string): Promise<number> {
  const response = await call(instance.origin, `/webhook/${user.sessionId}${path}`, {
    method: 'POST',
    body: { path },
  });
  return (await json<{ id: number }>(response)).id;
}

export async function listEvents(instance: Instance, user: SessionUser, query = ''): Promise<WebhookEvent[]> {
  return json<WebhookEvent[]>(await call(instance.origin, `/api/events${query}`, { user }));
}

export async function createLink(instance: Instance, user: SessionUser, url: string): Promise<ShortUrl> {
  return json<ShortUrl>(
    await call(instance.origin, '/api/urls', { method: 'POST', user, body: { url } }),
    201,
  );
}

/** Where the short link sends a visitor from this instance, or its status when it does not redirect. */
export async function follow(instance: Instance, id: string): Promise<string | number> {
  const response = await call(instance.origin, `/s/${id}`);
  await response.arrayBuffer();
  return response.status === 302 ? (response.headers.get('location') ?? '') : response.status;
}

/** Ids of the webhook-request events the socket receives from now on. */
export function receivedIds(socket: TestSocket): number[] {
  const ids: number[] = [];
  socket.on(WEBHOOK_REQUEST, (event) => ids.push(event.id));
  return ids;
}
