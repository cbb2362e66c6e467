/**
 * The real server process: refusing to start on a bad setting or an unusable DATA_DIR (one clear
 * line, exit 1), and what only shows between two processes over a real connection.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runServerToExit,
  startServer,
  waitFor,
  type ServerEnv,
  type ServerProcess,
} from '../test/processes.js';

function scratch(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-startup-'));
}

/** Runs the server, expects exit code 1 and exactly one line of output, and returns that line. */
async function failedStart(env: ServerEnv): Promise<string> {
  const { exitCode, lines } = await runServerToExit(env);
  const output = lines.filter((line) => line.trim() !== '');
  expect(exitCode).toBe(1);
  expect(output).toHaveLength(1);
  expect(output[0]).not.toMatch(/\n\s+at /);
  return output[0] ?? '';
}

// Each test starts a real process, which takes seconds on a busy machine.
describe('starting the server with something it cannot use', { timeout: 60_000 }, () => {
  it('a DATA_DIR below a regular file: says which directory and why', async () => {
    const file = path.join(scratch(), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    const dataDir = path.join(file, 'data');
    expect(await failedStart({ dataDir })).toBe(
      `hookbay: DATA_DIR ${dataDir} cannot be created: a part of the path is a file, not a directory (ENOTDIR)`,
    );
  });

  it('a DATA_DIR that is a file', async () => {
    const dataDir = path.join(scratch(), 'data');
    fs.writeFileSync(dataDir, 'x');
    expect(await failedStart({ dataDir })).toBe(
      `hookbay: DATA_DIR ${dataDir} cannot be created: it is a file, not a directory (EEXIST)`,
    );
  });

  it('a database file that cannot be opened (a directory in its place)', async () => {
    const dataDir = scratch();
    fs.mkdirSync(path.join(dataDir, 'hookbay.db'));
    expect(await failedStart({ dataDir })).toMatch(
      new RegExp(`^hookbay: The database ${path.join(dataDir, 'hookbay.db')} cannot be opened: .+`),
    );
  });

  it.each([
    ['PORT', 'abc', 'hookbay: PORT must be a positive whole number, got "abc"'],
    ['PORT', '70000', 'hookbay: PORT must be at most 65535, got "70000"'],
    ['SESSIONS_PER_MINUTE', '-1', 'hookbay: SESSIONS_PER_MINUTE must be a positive whole number, got "-1"'],
  ])('a malformed %s=%s', async (name, value, expected) => {
    expect(await failedStart({ extra: { [name]: value } })).toBe(expected);
  });
});

describe('a started server process', { timeout: 60_000 }, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({});
  });
  afterAll(async () => {
    await server.stop();
  });

  it('ends its start-up with one line saying where Hookbay runs', async () => {
    const line = `Hookbay is running at ${server.origin}`;
    await waitFor('the line saying where it runs', () => server.lines.includes(line));
    expect(server.lines.filter((candidate) => candidate.startsWith('Hookbay is running'))).toEqual([line]);
  });

  it('a client still sending a request line far over the limit reads the 431, not a broken pipe', async () => {
    // Closing with the rest of the request unread would reset the connection under the client.
    const statuses: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        await new Promise((resolve) => {
          const outgoing = http.request(
            `${server.origin}/webhook/${randomUUID()}?x=${'a'.repeat(4 << 20)}`,
            { method: 'PATCH' },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode));
            },
          );
          outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
          outgoing.end('body');
        }),
      );
    }
    expect(statuses).toEqual([431, 431, 431, 431, 431]);
  });
});
