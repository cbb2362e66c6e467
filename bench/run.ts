/**
 * npm run bench: Hookbay's hot paths against a bare Node http server measured in the same run,
 * reported as ratios (absolute numbers depend on the machine; ratios do not, much). Each server
 * runs alone in its own process; the load comes from this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const BODY = JSON.stringify({ event: 'payment.succeeded', id: 'evt_123', amount: 4200, currency: 'usd' });

async function waitForPort(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
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

async function load(url: string, method: string, body?: string) {
  const result = await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts };
}

async function main(): Promise<void> {
  const bare = startServer('bench/bare-server.ts', 4101);
  await waitForPort('http://127.0.0.1:4101/');
  const baseline = await load('http://127.0.0.1:4101/hook', 'POST', BODY);
  await stop(bare);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-bench-'));
  const hookbay = startServer('server/src/main.ts', 4102, { DATA_DIR: dataDir });
  await waitForPort('http://127.0.0.1:4102/healthz');
  const session = (await (await fetch('http://127.0.0.1:4102/api/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { sessionId: string };
  const capture = await load(`http://127.0.0.1:4102/webhook/${session.sessionId}`, 'POST', BODY);
  await stop(hookbay);

  const rows = [
    { scenario: 'bare Node http (baseline)', ...baseline, ratio: 1 },
    { scenario: 'Hookbay capture (stored, pushed live)', ...capture, ratio: capture.rps / baseline.rps },
  ];
  console.table(rows.map((row) => ({ ...row, rps: Math.round(row.rps), ratio: row.ratio.toFixed(2) })));
}

await main();
