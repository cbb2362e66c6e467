/**
 * Test tools for the `hookbay` command: the built file (the test setup builds it), the real command
 * run as a child process, and a local target server that records what it receives.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, type TestAppOptions } from '../../../test/app.js';
import { collectLines, waitFor } from '../../../test/processes.js';
import { listen } from '../../../test/socket.js';
import { headerPairs } from '../webhooks/event-view.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CLI_PATH = path.join(REPO_ROOT, 'dist/cli/hookbay.mjs');

export interface CliRun {
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Runs `node dist/cli/hookbay.mjs …args` (with `env` added); stop() ends it by pid (SIGINT, as Ctrl+C would). */
export function runCli(args: string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  collectLines(child.stdout, stdout);
  collectLines(child.stderr, stderr);
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    stdout,
    stderr,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid)
        process.kill(child.pid, 'SIGINT');
      await exited;
    },
  };
}

/** A Hookbay listening on a port for a test file, and the commands its tests run against it. */
export interface CliTestServer {
  readonly app: FastifyInstance;
  readonly origin: string;
  /** Runs the command; it is stopped after the test. */
  hookbay(args: string[], env?: Record<string, string>): CliRun;
}

/**
 * Starts the app before the file's tests and closes it after them, and stops every command a test
 * ran once that test ends. Call it inside a describe block.
 */
export function cliTestServer(options: TestAppOptions = {}): CliTestServer {
  let app: FastifyInstance | null = null;
  let origin = '';
  const runs: CliRun[] = [];
  beforeAll(async () => {
    app = await buildTestApp(options);
    origin = await listen(app);
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((run) => run.stop()));
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('the app starts before the tests');
      return app;
    },
    get origin() {
      return origin;
    },
    hookbay(args, env = {}) {
      const run = runCli(args, env);
      runs.push(run);
      return run;
    },
  };
}

/** Waits until a forwarder says it is forwarding (its stream is open and known to every instance). */
export function untilForwarding(run: CliRun): Promise<true> {
  return waitFor('the forwarder to connect', () => run.stderr.some((line) => line.startsWith('Forwarding')));
}

export interface ReceivedRequest {
  method: string;
  url: string;
  rawHeaders: [string, string][];
  body: Buffer;
}

export interface Answer {
  status: number;
  headers?: [string, string][];
  body?: string | Buffer;
  delayMs?: number;
}

export interface TargetServer {
  url: string;
  received: ReceivedRequest[];
  /** How the target answers from now on. */
  answer: Answer;
  close(): Promise<void>;
}

/** A local app the forwarder sends to; records each request, then answers as told. */
export async function startTarget(answer: Answer = { status: 200, body: 'ok' }): Promise<TargetServer> {
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const target: TargetServer = { url: '', received, answer, close: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        rawHeaders: headerPairs(request.rawHeaders),
        body: Buffer.concat(chunks),
      });
      const { status, headers = [], body = '', delayMs = 0 } = target.answer;
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(status, headers.flat());
        response.end(body);
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  target.url = `http://127.0.0.1:${address.port}`;
  target.close = () =>
    new Promise((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return target;
}
