/**
 * npm run soak [-- --minutes 10 --rate 100]: a long mixed load on one Hookbay process (embedded
 * SQLite) at a modest fixed rate, to find leaks and slow drift rather than peak speed:
 *
 * - captures (`rate` a second) to one session while a Socket.IO listener of it is connected;
 * - short-link redirects (`rate` a second) with an ordinary browser user agent, so each counts;
 * - API reads (a tenth of `rate`): the event list, the link list, a link's analytics.
 *
 * Every 30 s it asks the server process, over an IPC channel (no HTTP route), for its RSS, heap
 * and event-loop delay. At the end it checks the counts exactly (captures acknowledged == stored
 * == pushed live; redirects == clicks counted) and prints a Markdown block for docs/benchmarks.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { io, type Socket } from 'socket.io-client';
import { WEBHOOK_REQUEST, type ClientToServerEvents, type ServerToClientEvents } from '../shared/realtime.js';
import type { ProcessMetrics } from '../server/src/metrics-ipc.js';

const { values: args } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '100' } },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
if (!(MINUTES > 0) || !(RATE > 0)) throw new Error('--minutes and --rate must be positive numbers');
const DURATION_MS = MINUTES * 60_000;
const SAMPLE_EVERY_MS = 30_000;
/** RSS growth is measured from the first sample after this, once caches and JIT have settled. */
const WARM_UP_MS = Math.min(60_000, DURATION_MS / 4);
/** More requests than this waiting for answers means the server is not keeping up: stop adding. */
const MAX_IN_FLIGHT = 500;
const PORT = 4000 + Math.floor(Math.random() * 900);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BODY = JSON.stringify({ event: 'payment.succeeded', id: 'evt_123', amount: 4200, currency: 'usd' });

interface Sample {
  atS: number;
  rssMb: number;
  heapMb: number;
  loopDelayMs: ProcessMetrics['loopDelayMs'];
  requestsPerS: number;
}

const counts = { capturesAcked: 0, pushed: 0, redirects: 0, reads: 0, skipped: 0 };
const errors = new Map<string, number>();
let inFlight = 0;
let requestsSinceSample = 0;

function noteError(kind: string): void {
  errors.set(kind, (errors.get(kind) ?? 0) + 1);
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Keep every capture, so stored can be compared with acknowledged at the end.
      EVENTS_PER_SESSION: String(1_000_000_000),
      // One process: its memory and event-loop delay are what the soak watches, over IPC.
      WORKERS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function askMetrics(server: ChildProcess): Promise<ProcessMetrics> {
  return new Promise((resolve) => {
    const onMessage = (message: ProcessMetrics) => {
      if (message.type !== 'metrics') return;
      server.off('message', onMessage);
      resolve(message);
    };
    server.on('message', onMessage);
    server.send({ type: 'metrics' });
  });
}

async function waitUntilUp(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Runs `send` if the server keeps up; counts an answer or an error by kind. */
function fire(kind: string, send: () => Promise<boolean>): void {
  if (inFlight >= MAX_IN_FLIGHT) {
    counts.skipped += 1;
    return;
  }
  inFlight += 1;
  requestsSinceSample += 1;
  send()
    .then((ok) => ok || noteError(`${kind}: unexpected status`))
    .catch(() => noteError(`${kind}: failed`))
    .finally(() => (inFlight -= 1));
}

/** Calls `tick` `perSecond` times a second, evenly, until `until`. */
async function paced(perSecond: number, until: number, tick: (index: number) => void): Promise<void> {
  const start = performance.now();
  let index = 0;
  while (Date.now() < until) {
    const due = Math.floor(((performance.now() - start) * perSecond) / 1000);
    for (; index < due; index++) tick(index);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

function report(samples: Sample[], stored: { events: number; clicks: number; counter: number }): string {
  const warm = samples.find((sample) => sample.atS * 1000 >= WARM_UP_MS) ?? samples[0];
  const last = samples.at(-1);
  const growth = warm && last ? Math.round((last.rssMb - warm.rssMb) * 10) / 10 : Number.NaN;
  const errorText = errors.size === 0 ? 'none' : [...errors].map(([kind, n]) => `${kind} ${n}`).join(', ');
  const exact =
    counts.capturesAcked === stored.events &&
    stored.events === counts.pushed &&
    counts.redirects === stored.counter &&
    stored.counter === stored.clicks;
  return [
    `${MINUTES} minutes at ${RATE} captures/s + ${RATE} redirects/s + ${RATE / 10} API reads/s (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}):`,
    '',
    '| at | RSS | heap | event-loop delay p50 / p99 / max | requests/s |',
    '| --- | --- | --- | --- | --- |',
    ...samples.map(
      (sample) =>
        `| ${sample.atS} s | ${sample.rssMb} MB | ${sample.heapMb} MB | ${sample.loopDelayMs.p50.toFixed(1)} / ${sample.loopDelayMs.p99.toFixed(1)} / ${sample.loopDelayMs.max.toFixed(1)} ms | ${sample.requestsPerS} |`,
    ),
    '',
    `- captures: ${counts.capturesAcked} acknowledged, ${stored.events} stored, ${counts.pushed} pushed live`,
    `- redirects: ${counts.redirects} answered 302, ${stored.counter} counted on the link, ${stored.clicks} click rows`,
    `- API reads: ${counts.reads} answered 200`,
    `- errors: ${errorText}; requests not sent because ${MAX_IN_FLIGHT} were waiting: ${counts.skipped}`,
    `- counts exact: ${exact ? 'yes' : 'NO'}`,
    `- RSS growth after warm-up (${warm?.atS ?? '?'} s to ${last?.atS ?? '?'} s): ${growth} MB`,
  ].join('\n');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-soak-'));
  const server = startServer(dataDir);
  await waitUntilUp();

  const { sessionId } = await json<{ sessionId: string }>(`${ORIGIN}/api/user`, { method: 'POST' });
  const headers = { 'x-session-id': sessionId, 'content-type': 'application/json' };
  const { id: linkId } = await json<{ id: string }>(`${ORIGIN}/api/urls`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: 'https://example.com/soak/landing/page' }),
  });
  const listener: Socket<ServerToClientEvents, ClientToServerEvents> = io(ORIGIN, {
    auth: { sessionId },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve) => listener.once('connect', () => resolve()));
  listener.on(WEBHOOK_REQUEST, () => (counts.pushed += 1));

  const started = Date.now();
  const until = started + DURATION_MS;
  const samples: Sample[] = [];
  async function takeSample(): Promise<void> {
    const metrics = await askMetrics(server);
    const atS = Math.round((Date.now() - started) / 1000);
    const sinceLastS = atS - (samples.at(-1)?.atS ?? 0);
    const sample: Sample = {
      atS,
      rssMb: mb(metrics.rssBytes),
      heapMb: mb(metrics.heapUsedBytes),
      loopDelayMs: metrics.loopDelayMs,
      requestsPerS: Math.round(requestsSinceSample / Math.max(1, sinceLastS)),
    };
    requestsSinceSample = 0;
    samples.push(sample);
    const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `${sample.atS} s: RSS ${sample.rssMb} MB, heap ${sample.heapMb} MB, loop delay p99 ${sample.loopDelayMs.p99.toFixed(1)} ms, ${sample.requestsPerS} req/s, errors ${errorCount}`,
    );
  }
  const sampler = setInterval(() => void takeSample(), SAMPLE_EVERY_MS);

  const reads = [`${ORIGIN}/api/events?limit=50`, `${ORIGIN}/api/urls`, `${ORIGIN}/s/${linkId}/analytics`];
  await Promise.all([
    paced(RATE, until, (index) =>
      fire('capture', async () => {
        const response = await fetch(`${ORIGIN}/webhook/${sessionId}/soak?n=${index}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: BODY,
        });
        await response.arrayBuffer();
        if (response.status === 200) counts.capturesAcked += 1;
        return response.status === 200;
      }),
    ),
    paced(RATE, until, () =>
      fire('redirect', async () => {
        const response = await fetch(`${ORIGIN}/s/${linkId}`, {
          redirect: 'manual',
          headers: { 'user-agent': CHROME_UA },
        });
        await response.arrayBuffer();
        if (response.status === 302) counts.redirects += 1;
        return response.status === 302;
      }),
    ),
    paced(RATE / 10, until, (index) =>
      fire('API read', async () => {
        const response = await fetch(reads[index % reads.length] ?? ORIGIN, { headers });
        await response.arrayBuffer();
        if (response.ok) counts.reads += 1;
        return response.ok;
      }),
    ),
  ]);
  clearInterval(sampler);
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  if (Date.now() - started - (samples.at(-1)?.atS ?? 0) * 1000 > 5000) await takeSample();
  // Live events may trail their answers by a moment.
  for (let waited = 0; counts.pushed < counts.capturesAcked && waited < 5000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  listener.close();

  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  const db = new SQLite(path.join(dataDir, 'hookbay.db'), { readonly: true });
  const count = (query: string, ...params: string[]) => (db.prepare(query).get(...params) as { n: number }).n;
  const stored = {
    events: count('select count(*) as n from webhook_events where session_id = ?', sessionId),
    clicks: count('select count(*) as n from short_link_clicks where url_id = ? and is_bot = 0', linkId),
    counter: count('select clicks as n from short_links where id = ?', linkId),
  };
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log('\n--- paste into docs/benchmarks.md under "Soak" ---\n');
  console.log(report(samples, stored));
}

await main();
