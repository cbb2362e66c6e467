/** The benchmark's server processes: the bare Node server and Hookbay as `npm start` runs it. */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './stats.js';

async function freePort(): Promise<number> {
  for (;;) {
    const port = 3100 + Math.floor(Math.random() * 900);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`server at ${url} did not start`);
}

export interface Server {
  origin: string;
  process: ChildProcess;
}

/** Limits raised so far that no prune runs: its deletes would land on whichever run is going. */
const NO_PRUNE = {
  EVENTS_PER_SESSION: '100000000',
  SESSION_STORAGE_MB: '1000000',
  STORAGE_MAX_MB: '1000000',
};

/** Starts a server process with only PATH and HOME from this environment, so it runs on defaults. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<Server> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`);
  return { origin, process: child };
}

/**
 * A compiled server for one measurement: a fresh data folder, limits raised so that no prune runs
 * (its deletes would land on whichever run is going), warnings only in its log. `env` adds settings
 * (WORKERS among them: unset, the machine's default).
 */
export async function startMeasured(
  name: string,
  options: { main?: string; nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hookbay-${name}-`));
  return startServer(
    [...(options.nodeArgs ?? []), options.main ?? 'dist/server/main.js'],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...NO_PRUNE, ...options.env },
    path.join(dataDir, 'server.log'),
  );
}

export async function stop(server: Server): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** VmRSS and VmHWM of a process, in MB. */
function processMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * The memory a process and its children take from the machine, in MB: each one's PSS, where a page
 * shared by n processes (Node's own code, the libraries, loaded by every worker) counts 1/n in
 * each. Their RSS sum counts such a page once per process.
 */
export function proportionalMemory(pid: number): number {
  const kb = (each: number) =>
    Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${each}/smaps_rollup`, 'utf8'))?.[1] ?? NaN);
  return [pid, ...childrenOf(pid)].reduce((sum, each) => sum + kb(each) / 1024, 0);
}

/** The processes a server's primary forked (none for a single process). */
export function childrenOf(pid: number): number[] {
  // ps exits with 1 when it lists nothing.
  const out = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}

/** Clock ticks a second, the unit of /proc/{pid}/stat's CPU times. */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, every thread) a process has used so far, in µs. */
function processCpuUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/** CPU time a server and the workers it forked have used so far, added up, in µs. */
export function cpuUs(pid: number): number {
  return [pid, ...childrenOf(pid)].reduce((sum, each) => sum + processCpuUs(each), 0);
}

/** RSS and peak RSS of a server and the workers it forked, added up, in MB. */
export function memory(pid: number): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const each of [pid, ...childrenOf(pid)]) {
    const one = processMemory(each);
    rss += one.rss;
    peak += one.peak;
  }
  return { rss, peak };
}

/** Builds the compiled server that `npm start` runs, dist/server/main.js. */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}

/** Builds the web app and the compiled server that `npm start` runs. */
export function buildProduct(): void {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  buildServer();
}
