/**
 * npm run bench: Hookbay's hot paths against a bare Node http server measured in the same run,
 * reported as ratios (absolute numbers depend on the machine; ratios much less). Each server
 * runs alone in its own process; the load and a live listener come from this process.
 *
 * - capture: POSTs to a webhook URL while a Socket.IO client of that session receives every
 *   event live (so "stored and pushed live" is what is measured), then checks none was lost.
 * - live latency: requests sent at a steady 500 a second; for each, the time from sending it to
 *   the listener receiving its event (p50/p99), so HTTP and storage are included.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { io, type Socket } from 'socket.io-client';
import { WEBHOOK_REQUEST, type ClientToServerEvents, type ServerToClientEvents } from '../shared/realtime.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const BODY = JSON.stringify({ event: 'payment.succeeded', id: 'evt_123', amount: 4200, currency: 'usd' });
const BARE_PORT = 4101;
const HOOKBAY_PORT = 4102;

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server at ${url} did not start`);
}

function startServer(script: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function load(url: string, method: 'POST' | 'GET' = 'POST') {
  const result = await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : { 'user-agent': CHROME_UA },
    ...(method === 'POST' ? { body: BODY } : {}),
  });
  const answered = method === 'POST' ? result['2xx'] : result['3xx'];
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + Math.max(0, result.requests.total - answered),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function listener(origin: string, sessionId: string) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(origin, {
    auth: { sessionId },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  let count = 0;
  socket.on(WEBHOOK_REQUEST, (event) => {
    count += 1;
    const started = sentAt.get(event.queryString);
    if (started !== undefined) delays.push(performance.now() - started);
  });
  return { socket, sentAt, delays, received: () => count };
}

/** Sends `rate` requests a second for DURATION_S, each tagged so its live event can be matched. */
async function paced(url: string, rate: number, sentAt: Map<string, number>): Promise<void> {
  const total = rate * DURATION_S;
  const start = performance.now();
  const pending: Promise<unknown>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt.set(`n=${index}`, performance.now());
    pending.push(
      fetch(`${url}?n=${index}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
      }).then((response) => response.arrayBuffer()),
    );
  }
  await Promise.all(pending);
}

async function benchHookbay() {
  const origin = `http://127.0.0.1:${HOOKBAY_PORT}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-bench-'));
  const server = startServer('server/src/main.ts', HOOKBAY_PORT, { DATA_DIR: dataDir });
  await waitFor(`${origin}/healthz`);
  const session = async () => {
    const response = await fetch(`${origin}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { sessionId: string }).sessionId;
  };

  const busy = await session();
  const busyListener = await listener(origin, busy);
  const capture = await load(`${origin}/webhook/${busy}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const received = busyListener.received();
  busyListener.socket.close();

  const linkResponse = await fetch(`${origin}/api/urls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': busy },
    body: JSON.stringify({ url: 'https://example.com/some/long/landing/page' }),
  });
  const link = (await linkResponse.json()) as { id: string };
  const redirect = await load(`${origin}/s/${link.id}`, 'GET');
  const stats = (await (
    await fetch(`${origin}/s/${link.id}/analytics`, { headers: { 'x-session-id': busy } })
  ).json()) as {
    totalClicks: number;
  };

  const steady = await session();
  const steadyListener = await listener(origin, steady);
  await paced(`${origin}/webhook/${steady}`, 500, steadyListener.sentAt);
  await new Promise((resolve) => setTimeout(resolve, 500));
  steadyListener.socket.close();
  await stop(server);
  return { capture, received, redirect, clicksCounted: stats.totalClicks, liveDelays: steadyListener.delays };
}

async function main(): Promise<void> {
  const bare = startServer('bench/bare-server.ts', BARE_PORT);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  const baseline = await load(`http://127.0.0.1:${BARE_PORT}/hook`);
  await stop(bare);

  const { capture, received, redirect, clicksCounted, liveDelays } = await benchHookbay();
  console.table([
    {
      scenario: 'bare Node http (baseline)',
      rps: Math.round(baseline.rps),
      p99ms: baseline.p99,
      errors: baseline.errors,
      ratio: '1.00',
    },
    {
      scenario: 'Hookbay capture, stored + pushed live',
      rps: Math.round(capture.rps),
      p99ms: capture.p99,
      errors: capture.errors,
      ratio: (capture.rps / baseline.rps).toFixed(2),
    },
    {
      scenario: 'Hookbay redirect, click recorded',
      rps: Math.round(redirect.rps),
      p99ms: redirect.p99,
      errors: redirect.errors,
      ratio: (redirect.rps / baseline.rps).toFixed(2),
    },
  ]);
  console.log(`clicks counted: ${clicksCounted} of ${redirect.total} redirects`);
  console.log(`live events received: ${received} of ${capture.total} captured`);
  console.log(
    `send-to-listener at 500 req/s: p50 ${percentile(liveDelays, 50).toFixed(1)} ms, p99 ${percentile(liveDelays, 99).toFixed(1)} ms over ${liveDelays.length} events`,
  );
}

await main();
