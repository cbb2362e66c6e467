/**
 * A server with WORKERS=2 on the embedded SQLite database, as `npm start` runs it on a machine
 * with two cores: the workers behave as one server, a worker that dies is replaced without losing
 * anything it acknowledged, and SIGTERM stops them all in order.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_REQUEST } from '../../../shared/realtime.js';
import type { SessionUser } from '../../../shared/sessions.js';
import type { WebhookEvent } from '../../../shared/webhooks.js';
import { startServer, waitFor, type ServerProcess } from '../../test/processes.js';
import { connectSocket, type TestSocket } from '../../test/socket.js';
import { workerPids } from '../../test/worker-pin.js';

const started: ServerProcess[] = [];
const sockets: TestSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const server of started.splice(0)) await server.stop('SIGKILL');
});

const METRICS_TOKEN = 'workers-test-metrics-token';

async function startWorkers(dataDir?: string): Promise<ServerProcess> {
  const server = await startServer({ dataDir, extra: { WORKERS: '2', METRICS_TOKEN } });
  started.push(server);
  // Both workers listen before the primary says the server is running.
  await waitFor('the running line', () => server.lines.some((line) => line.includes('(2 workers)')));
  return server;
}

/** One request on a connection of its own, so the primary hands each to the next worker in turn. */
function send(
  origin: string,
  pathAndQuery: string,
  options: { method?: string; body?: string; sessionId?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${pathAndQuery}`,
      {
        method: options.method ?? 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...(options.sessionId ? { 'x-session-id': options.sessionId } : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    // A connection handed to a worker as it is killed may get no answer at all.
    request.setTimeout(10_000, () => request.destroy(new Error('no answer')));
    request.on('error', reject);
    request.end(options.body ?? '');
  });
}

async function newUser(origin: string): Promise<SessionUser> {
  return JSON.parse((await send(origin, '/api/user', { body: '{}' })).body) as SessionUser;
}

async function storedEvents(origin: string, user: SessionUser): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  let before = '';
  for (;;) {
    const page = JSON.parse(
      (await send(origin, `/api/events?limit=500${before}`, { method: 'GET', sessionId: user.sessionId }))
        .body,
    ) as WebhookEvent[];
    events.push(...page);
    if (page.length < 500) return events;
    before = `&before=${page.at(-1)?.id}`;
  }
}

async function storedIds(origin: string, user: SessionUser): Promise<number[]> {
  return (await storedEvents(origin, user)).map((event) => event.id);
}

// Each test starts a primary and two workers, compiling TypeScript on a busy machine.
describe('WORKERS=2 on SQLite', { timeout: 240_000 }, () => {
  it('serves as one server: every capture reaches the listener, whichever worker took it', async () => {
    const server = await startWorkers();
    expect(workerPids(server.pid)).toHaveLength(2);
    const user = await newUser(server.origin);
    // Each socket lands on one worker; captures land on both in turn.
    const listeners = [
      await connectSocket(server.origin, user.sessionId),
      await connectSocket(server.origin, user.sessionId),
    ];
    sockets.push(...listeners);
    const received = listeners.map(() => new Map<number, WebhookEvent>());
    listeners.forEach((socket, index) =>
      socket.on(WEBHOOK_REQUEST, (event) => received[index]?.set(event.id, event)),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(server.origin, `/webhook/${user.sessionId}/n${n}`, { body: '{}' }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const ids = answers.map((answer) => (JSON.parse(answer.body) as { id: number }).id);
    for (const seen of received) await waitFor('every event live', () => ids.every((id) => seen.has(id)));
    // The live event is the stored one, field for field, also where another worker captured it
    // (that worker passes on its id, and the listener's worker reads it back).
    const stored = await storedEvents(server.origin, user);
    expect(stored.map((event) => event.id).sort()).toEqual([...ids].sort());
    for (const seen of received)
      for (const event of stored) expect(seen.get(event.id), `event ${event.id}`).toEqual(event);
  });

  it('applies a change made through one worker on every worker at once', async () => {
    const server = await startWorkers();
    const user = await newUser(server.origin);
    // Every worker caches "no rules" for the session first.
    for (let n = 0; n < 4; n++) await send(server.origin, `/webhook/${user.sessionId}`, { body: '{}' });
    const rules = [
      { method: '*', path: '*', responses: [{ status: 418, headers: {}, body: 'teapot', delayMs: 0 }] },
    ];
    const saved = await send(server.origin, '/api/responses', {
      method: 'PUT',
      sessionId: user.sessionId,
      body: JSON.stringify({ rules }),
    });
    expect(saved.status).toBe(200);
    for (let n = 0; n < 6; n++) {
      expect((await send(server.origin, `/webhook/${user.sessionId}`, { body: '{}' })).status).toBe(418);
    }
  });

  it('replaces a worker killed mid-load and keeps everything it acknowledged', async () => {
    const server = await startWorkers();
    const user = await newUser(server.origin);
    const [victim] = workerPids(server.pid);
    if (!victim) throw new Error('no worker');
    const acknowledged: number[] = [];
    let sent = 0;
    const load = (async () => {
      while (sent < 300) {
        const batch = Array.from({ length: 10 }, () =>
          send(server.origin, `/webhook/${user.sessionId}`, { body: `{"n":${sent++}}` }).catch(() => null),
        );
        for (const answer of await Promise.all(batch)) {
          if (answer?.status === 200) acknowledged.push((JSON.parse(answer.body) as { id: number }).id);
        }
      }
    })();
    await waitFor('some captures', () => acknowledged.length > 100);
    process.kill(victim, 'SIGKILL');
    await load;
    await waitFor(
      'a new worker',
      () => {
        const pids = workerPids(server.pid);
        return pids.length === 2 && !pids.includes(victim);
      },
      60_000,
    );
    expect(server.logsMatching(/^a worker died/)).toHaveLength(1);
    const stored = new Set(await storedIds(server.origin, user));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // The replacement serves too: a capture on each worker in turn.
    for (let n = 0; n < 4; n++)
      expect((await send(server.origin, `/webhook/${user.sessionId}`)).status).toBe(200);
  });

  it('keeps everything acknowledged when the whole group is killed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-workers-'));
    const server = await startWorkers(dataDir);
    const user = await newUser(server.origin);
    const acknowledged: number[] = [];
    const answers = Array.from({ length: 300 }, (_, n) =>
      send(server.origin, `/webhook/${user.sessionId}`, { body: `{"n":${n}}` }).then(
        (answer) =>
          answer.status === 200 && acknowledged.push((JSON.parse(answer.body) as { id: number }).id),
        () => null,
      ),
    );
    await waitFor('some captures', () => acknowledged.length > 50);
    for (const pid of [server.pid, ...workerPids(server.pid)]) process.kill(pid, 'SIGKILL');
    await Promise.all(answers);
    await waitFor('the group to be gone', () => !server.isRunning());
    const again = await startWorkers(dataDir);
    const stored = new Set(await storedIds(again.origin, user));
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it('shows the figures of every worker on /metrics, whichever worker the scrape reaches', async () => {
    const server = await startWorkers();
    const user = await newUser(server.origin);
    for (let n = 0; n < 10; n++) {
      expect((await send(server.origin, `/webhook/${user.sessionId}`, { body: '{}' })).status).toBe(200);
    }
    const scrape = () =>
      new Promise<string>((resolve, reject) => {
        const request = http.get(
          `${server.origin}/metrics`,
          { agent: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve(body));
          },
        );
        request.on('error', reject);
      });
    // Connections go to the workers in turn: four scrapes reach both.
    for (let n = 0; n < 4; n++) {
      const text = await scrape();
      expect(text).toMatch(/^hookbay_captures_total\{outcome="default"\} 10$/m);
      expect(text).toMatch(/^hookbay_sqlite_write_lock_waits_total\{worker="0"\} \d+$/m);
      expect(text).toMatch(/^hookbay_sqlite_write_lock_waits_total\{worker="1"\} \d+$/m);
    }
  });

  it('keeps the primary small: it loads none of the code that serves requests', async () => {
    const server = await startWorkers();
    const rssMb = (pid: number) =>
      Number(/^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
    const workers = workerPids(server.pid).map(rssMb);
    expect(workers).toHaveLength(2);
    // Loading the whole server in the primary too made it nine tenths of a worker (128 MB to 144).
    expect(rssMb(server.pid)).toBeLessThan(Math.min(...workers) * 0.7);
  });

  it('leaves the database to the workers: the primary never loads SQLite', async () => {
    const server = await startWorkers();
    // A native addon once loaded stays mapped for the life of the process.
    const loadsSqlite = (pid: number) =>
      fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes('better_sqlite3.node');
    expect(workerPids(server.pid).map(loadsSqlite)).toEqual([true, true]);
    expect(loadsSqlite(server.pid)).toBe(false);
  });

  it('checkpoints the database from one worker only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-workers-'));
    const server = await startWorkers(dataDir);
    const database = fs.realpathSync(path.join(dataDir, 'hookbay.db'));
    // Each connection to the file holds a descriptor of it: the server's own, and the checkpointer's.
    const connections = (pid: number) =>
      fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === database;
        } catch {
          return false; // closed while listed
        }
      }).length;
    const workers = workerPids(server.pid);
    expect(workers).toHaveLength(2);
    expect(workers.map(connections).sort()).toEqual([1, 2]);
  });

  it('stops every worker in order on SIGTERM', async () => {
    const server = await startWorkers();
    const pids = workerPids(server.pid);
    await server.stop('SIGTERM');
    expect(server.exitCode()).toBe(0);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    expect(server.logsMatching(/^shutting down/).length).toBeGreaterThanOrEqual(3);
  });
});
