/**
 * The real `hookbay new` (the built file, as a child process) against a Hookbay listening on a
 * port: a named, capped, expiring inspector with scripted responses; a private one with its key;
 * and every exit code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../server/src/features/forwarding/cli-process.js';
import { buildTestApp } from '../server/test/app.js';
import { freePort } from '../server/test/processes.js';
import { listen } from '../server/test/socket.js';

describe('hookbay new', () => {
  let app: FastifyInstance;
  let origin: string;
  let dir: string;

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-new-'));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function hookbay(args: string[], env: Record<string, string> = {}) {
    const run = runCli(args, env);
    const code = await run.exited;
    return { code, stdout: run.stdout.filter(Boolean), stderr: run.stderr.filter(Boolean) };
  }

  it('prints the webhook URL of a named inspector that answers with the rules given', async () => {
    const rules = path.join(dir, 'rules.json');
    fs.writeFileSync(rules, JSON.stringify({ rules: [{ responses: [{ status: 202, body: 'queued' }] }] }));
    const { code, stdout, stderr } = await hookbay([
      'new',
      '--server',
      origin,
      '--name',
      'cli-made',
      '--responses',
      rules,
      '--expires',
      '2h',
      '--max-requests',
      '100',
    ]);
    expect(stderr).toEqual([]);
    expect(code).toBe(0);
    expect(stdout).toEqual([`${origin}/webhook/cli-made`]);
    const answer = await fetch(`${origin}/webhook/cli-made/job`, { method: 'POST', body: '{}' });
    expect([answer.status, await answer.text()]).toEqual([202, 'queued']);
    const sessionId = await app.database.db
      .selectFrom('sessions')
      .select(['session_id', 'max_requests', 'expires_at'])
      .where('name', '=', 'cli-made')
      .executeTakeFirstOrThrow();
    expect(sessionId.max_requests).toBe(100);
    expect(Math.abs(Number(sessionId.expires_at) - Date.now() - 7_200_000)).toBeLessThan(10_000);
  });

  it('--private prints the key on the second line; the key opens it (HOOKBAY_SERVER names the server)', async () => {
    const { code, stdout } = await hookbay(['new', '--private'], { HOOKBAY_SERVER: origin });
    expect(code).toBe(0);
    expect(stdout).toHaveLength(2);
    const [url, key] = stdout as [string, string];
    expect(url).toMatch(new RegExp(`^${origin}/webhook/[0-9a-f-]{36}$`));
    expect(key).toMatch(/^hbk_/);
    const sessionId = url.slice(url.lastIndexOf('/') + 1);
    const byId = await fetch(`${origin}/api/events`, { headers: { 'x-session-id': sessionId } });
    expect(byId.status).toBe(401);
    const byKey = await fetch(`${origin}/api/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(byKey.status).toBe(200);
  });

  it('exits 1 with the server’s reason when the name is taken', async () => {
    expect((await hookbay(['new', '--server', origin, '--name', 'cli-twice'])).code).toBe(0);
    const { code, stdout, stderr } = await hookbay(['new', '--server', origin, '--name', 'cli-twice']);
    expect(code).toBe(1);
    expect(stdout).toEqual([]);
    expect(stderr).toEqual([
      `hookbay: Hookbay at ${origin} refused: name: another inspector holds this name; choose another.`,
    ]);
  });

  it('exits 2 on a usage error or an unreadable responses file, before calling anyone', async () => {
    const bad = await hookbay(['new', '--name', 'Bad_Name']);
    expect(bad.code).toBe(2);
    expect(bad.stderr[0]).toBe(
      'hookbay: --name: A name holds only lower-case letters, digits and dashes, and starts and ends with a letter or digit.',
    );
    expect((await hookbay(['new', '--expires', 'soon'])).stderr[0]).toBe(
      'hookbay: --expires must be a duration such as 30m, 2h or 7d',
    );
    const notJson = path.join(dir, 'rules.txt');
    fs.writeFileSync(notJson, 'no');
    const file = await hookbay(['new', '--server', origin, '--responses', notJson]);
    expect([file.code, file.stderr]).toEqual([2, [`hookbay: --responses ${notJson} is not JSON`]]);
  });

  it('exits 3 when the server cannot be reached', async () => {
    const port = await freePort();
    const { code, stderr } = await hookbay(['new', '--server', `http://127.0.0.1:${port}`]);
    expect(code).toBe(3);
    expect(stderr[0]).toMatch(new RegExp(`^hookbay: cannot reach Hookbay at http://127.0.0.1:${port}: `));
  });
});
