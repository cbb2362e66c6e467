/**
 * Real server processes (SERVER_MAIN) and a private redis-server, for
 * tests of several instances. Every process started here is remembered by pid and killed by
 * `stopAll`, and on exit as a last resort.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POLL_INTERVAL_MS = 50;

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) if (child.pid) process.kill(child.pid, 'SIGKILL');
});

/** Polls `check` until it returns something other than undefined/false, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const result = await check();
      if (result !== undefined && result !== false) return result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** A port nobody listens on right now: bound on port 0, then released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      server.close(() => resolve(address.port));
    });
  });
}

/** A process started by this module, with its output kept line by line. */
export interface TestProcess {
  pid: number;
  /** Every line written to stdout and stderr so far. */
  lines: string[];
  isRunning(): boolean;
  /** The exit code once the process has exited on its own terms, else null. */
  exitCode(): number | null;
  /** Kills the process by pid and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Adds each line the stream writes to `lines` as it is completed, and a last unfinished one at its end. */
export function collectLines(stream: Readable, lines: string[]): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  stream.on('end', () => {
    if (rest) lines.push(rest);
  });
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): TestProcess {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (!child.pid) throw new Error(`${command} did not start`);
  const pid = child.pid;
  running.add(child);
  const lines: string[] = [];
  // 'close', not 'exit': by then every line the process wrote has been read.
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      running.delete(child);
      resolve();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) collectLines(stream, lines);
  return {
    pid,
    lines,
    isRunning: () => running.has(child),
    exitCode: () => child.exitCode,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, signal);
      const escalate = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      }, 5000);
      await exited;
      clearTimeout(escalate);
    },
  };
}

export interface ServerProcess extends TestProcess {
  origin: string;
  /** Parsed JSON log lines (pino) whose `msg` matches. */
  logsMatching(pattern: RegExp): Record<string, unknown>[];
}

export interface ServerEnv {
  /** Unset: the embedded SQLite database in a fresh folder. */
  databaseUrl?: string;
  /** Unset: realtime within this one process. */
  redisUrl?: string;
  logLevel?: string;
  /** Unset: a fresh folder. Set: e.g. the folder of a server that ran before. */
  dataDir?: string;
  /** Further settings, e.g. SESSIONS_PER_MINUTE. */
  extra?: Record<string, string>;
}

function serverEnv(port: number, env: ServerEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: env.databaseUrl ?? '',
    REDIS_URL: env.redisUrl ?? '',
    LOG_LEVEL: env.logLevel ?? 'info',
    DATA_DIR: env.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-instance-')),
    PUBLIC_URL: '',
    ADMIN_SECRET: '',
    TRUST_PROXY: '',
    // One process per server unless a test asks for workers (server/src/workers/workers.test.ts):
    // these tests reach each instance by its own origin.
    WORKERS: '1',
    ...env.extra,
  };
}

/**
 * The server as `npm start` runs it, compiled, when `npm test` has built it (it starts in half the
 * time, and a suite starts dozens); otherwise straight from the sources.
 */
export const SERVER_MAIN =
  process.env.HOOKBAY_TEST_BUILT === '1' ? 'dist/server/main.js' : 'server/src/main.ts';
const MAIN = SERVER_MAIN.endsWith('.ts') ? ['--import', 'tsx', SERVER_MAIN] : [SERVER_MAIN];

/** Runs main.ts until it exits by itself (it is expected not to come up) and resolves with its exit code. */
export async function runServerToExit(env: ServerEnv): Promise<{ exitCode: number | null; lines: string[] }> {
  const child = startProcess(process.execPath, MAIN, serverEnv(await freePort(), env));
  await waitFor(`pid ${child.pid} to exit`, () => !child.isRunning(), 30_000).catch(
    async (error: unknown) => {
      await child.stop('SIGKILL');
      throw error;
    },
  );
  return { exitCode: child.exitCode(), lines: child.lines };
}

/** Starts `main.ts` on a free port; resolves once GET /healthz answers 200. */
export async function startServer(env: ServerEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = startProcess(process.execPath, MAIN, serverEnv(port, env));
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    ...child,
    origin,
    logsMatching(pattern) {
      const found: Record<string, unknown>[] = [];
      for (const line of child.lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (typeof entry.msg === 'string' && pattern.test(entry.msg)) found.push(entry);
      }
      return found;
    },
  };
  const outcome = await waitFor(
    `${origin}/healthz (pid ${child.pid})`,
    async () => {
      // Exited early (a failed migration, say): stop waiting and show why.
      if (!child.isRunning()) return 'exited';
      const response = await fetch(`${origin}/healthz`);
      return response.ok && 'healthy';
    },
    // Three instances, or a primary and its workers, compiling TypeScript at once on two busy
    // cores can take a minute or more.
    120_000,
  ).catch((error: unknown) => String(error));
  if (outcome !== 'healthy') {
    await child.stop('SIGKILL');
    throw new Error(`server on ${origin} did not come up (${outcome}):\n${child.lines.join('\n')}`);
  }
  return server;
}

export interface RedisProcess extends TestProcess {
  url: string;
}

/** Answers true once a Redis server on `port` replies to PING. */
function pingRedis(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Starts a private redis-server on `port` that keeps nothing on disk; resolves once it answers PING. */
export async function startRedis(port: number): Promise<RedisProcess> {
  const child = startProcess(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    process.env,
  );
  await waitFor(`redis-server on port ${port}`, () => pingRedis(port), 10_000);
  return { ...child, url: `redis://127.0.0.1:${port}` };
}
