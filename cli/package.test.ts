/**
 * The packed package, as someone installs it anywhere: `npm pack` (its prepack builds everything)
 * in a copy of this repository, `npm install <tarball>` into an empty folder, then `npx hookbay
 * serve` there, which must serve the web app and the API with no build step. The install fetches
 * the dependencies from the machine's npm cache when it holds them.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../server/test/processes.js';

const run = promisify(execFile);
const MINUTE = 60_000;

/** This process's environment without what npm and vitest add, so the nested npm runs as a person's would. */
function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('npm_') || name.startsWith('VITEST') || name === 'NODE_ENV' || name === 'TEST')
      continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** The repository's files (committed or new, not ignored) copied into `to`, with its node_modules linked. */
async function copyRepository(to: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(file)) continue; // deleted in the working tree
    fs.mkdirSync(path.join(to, path.dirname(file)), { recursive: true });
    fs.copyFileSync(file, path.join(to, file));
  }
  fs.symlinkSync(fs.realpathSync('node_modules'), path.join(to, 'node_modules'));
}

/**
 * The install ran without install scripts: compiling better-sqlite3 from source (no prebuilt
 * binary can be downloaded here) is its own business and takes over a minute of CPU. The installed
 * copy gets the addon this checkout already compiled, which must be of the same version.
 */
function useBuiltSqlite(installed: string): void {
  const from = fs.realpathSync('node_modules/better-sqlite3');
  const to = path.join(installed, 'node_modules/better-sqlite3');
  const version = (folder: string) =>
    (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
  expect(version(to), 'the installed better-sqlite3 is the version this checkout compiled').toBe(
    version(from),
  );
  fs.mkdirSync(path.join(to, 'build/Release'), { recursive: true });
  fs.copyFileSync(
    path.join(from, 'build/Release/better_sqlite3.node'),
    path.join(to, 'build/Release/better_sqlite3.node'),
  );
}

describe('the packed package', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-package-'));
  const installed = path.join(scratch, 'elsewhere');
  let server: ChildProcess | null = null;
  let origin = '';

  beforeAll(async () => {
    const checkout = path.join(scratch, 'checkout');
    await copyRepository(checkout);
    // Packed from a copy, so the build its prepack runs leaves this checkout's dist/ alone.
    const packed = await run('npm', ['pack', '--pack-destination', scratch, '--loglevel=error'], {
      cwd: checkout,
      env: plainEnv({ NODE_ENV: 'production' }),
      maxBuffer: 64 * 1024 * 1024,
    });
    const tarball = path.join(scratch, packed.stdout.trim().split('\n').at(-1) ?? '');
    fs.mkdirSync(installed);
    await run(
      'npm',
      [
        'install',
        tarball,
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        '--loglevel=error',
      ],
      {
        cwd: installed,
        env: plainEnv(),
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    useBuiltSqlite(installed);
    const port = await freePort();
    // Its own process group, so stopping it reaches npx and the server it started.
    server = spawn('npx', ['hookbay', 'serve', '--port', String(port)], {
      cwd: installed,
      env: plainEnv({ HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: '', DATA_DIR: '', DATABASE_URL: '' }),
      stdio: 'ignore',
      detached: true,
    });
    origin = `http://127.0.0.1:${port}`;
    await waitFor('the installed server', async () => (await fetch(`${origin}/healthz`)).ok, 2 * MINUTE);
  }, 20 * MINUTE);

  afterAll(async () => {
    const child = server;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      const closed = new Promise((resolve) => child.once('close', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await closed;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  }, MINUTE);

  it('npx hookbay serve starts the whole server from the installed package: page, assets, API, data in ./data', async () => {
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Hookbay');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${origin}${script}`)).status).toBe(200);

    const session = await fetch(`${origin}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(session.status).toBe(200);
    const cli = await fetch(`${origin}/cli/hookbay.mjs`);
    expect((await cli.text()).startsWith('#!/usr/bin/env node\n')).toBe(true);
    // The data lives where the server was started, not inside the package.
    expect(fs.existsSync(path.join(installed, 'data'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'node_modules/hookbay/data'))).toBe(false);
  });
});
