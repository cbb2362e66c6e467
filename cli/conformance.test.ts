/**
 * The real `hookbay conformance` (the built file, as a child process) against a listening Hookbay,
 * with a Standard Webhooks sender from the test pointed at the URL it prints: exit 0 for a good
 * sender, 1 for one whose timestamps are stale, 2 for a usage error, 3 for an unknown session.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../shared/sessions.js';
import { sendMessage, type Deliver } from '../server/src/features/conformance/test-sender.js';
import { runCli, type CliRun } from '../server/src/features/forwarding/cli-process.js';
import { buildTestApp } from '../server/test/app.js';
import { createSession } from '../server/test/factories.js';
import { waitFor } from '../server/test/processes.js';
import { listen } from '../server/test/socket.js';

describe('hookbay conformance', () => {
  let app: FastifyInstance;
  let origin: string;
  const runs: CliRun[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((run) => run.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  function hookbay(args: string[]): CliRun {
    const run = runCli(args);
    runs.push(run);
    return run;
  }

  const webhookOf = (user: SessionUser) => `${origin}/webhook/${user.sessionId}`;

  /** The URL the command tells the user to point the sender at. */
  async function senderUrl(run: CliRun): Promise<string> {
    const line = await waitFor('the sender URL', () =>
      run.stdout.find((text) => text.startsWith('Point your sender at: ')),
    );
    return line.slice('Point your sender at: '.length);
  }

  const poster =
    (url: string): Deliver =>
    async (headers, body) => ({ status: (await fetch(url, { method: 'POST', headers, body })).status });

  it('a good sender: every check passes or warns, one line per check, exit 0', async () => {
    const user = await createSession(app);
    const run = hookbay([
      'conformance',
      webhookOf(user),
      '--path',
      '/stripe',
      '--fail-first',
      '1',
      '--until-messages',
      '1',
    ]);
    const url = await senderUrl(run);
    expect(url).toBe(`${webhookOf(user)}/stripe`);
    expect(await sendMessage(poster(url), { id: 'msg_1', body: '{"type":"ping"}', waits: [50] })).toEqual([
      500, 200,
    ]);
    expect(await run.exited).toBe(0);
    expect(run.stdout[0]).toMatch(
      /^Sender test \d+ armed until .+: the first 1 deliveries of each message to \/stripe get status 500\.$/,
    );
    expect(run.stdout).toContain(
      'PASS  Same delivery id on every retry: Every retry carried the delivery id of its message (webhook-id); ' +
        '1 message retried. Standard Webhooks: webhook-id must stay the same on every retry of a message.' +
        ` [events ${(await eventIds(user)).join(', ')}]`,
    );
    expect(run.stdout.filter((line) => /^(PASS|WARN|FAIL) {2}/.test(line))).toHaveLength(9);
    expect(run.stdout.at(-1)).toMatch(/^\d passed, \d warnings, 0 failed \(1 messages, 2 deliveries\)\.$/);
  });

  it('a sender with stale timestamps fails the timestamp check: exit 1', async () => {
    const user = await createSession(app);
    const run = hookbay(['conformance', webhookOf(user), '--fail-first', '1', '--until-messages', '1']);
    const url = await senderUrl(run);
    await sendMessage(poster(url), { id: 'old', body: '{"type":"ping"}', waits: [50], ageSeconds: 3600 });
    expect(await run.exited).toBe(1);
    expect(run.stdout.find((line) => line.startsWith('FAIL  Timestamp within tolerance: '))).toBeDefined();
  });

  it('exit 2 on a usage error, exit 3 for a session Hookbay does not know', async () => {
    const user = await createSession(app);
    const usage = hookbay(['conformance', webhookOf(user), '--fail-with', '200']);
    expect(await usage.exited).toBe(2);
    expect(usage.stderr[0]).toBe('hookbay: --fail-with must be a status from 400 to 599, timeout or reset');
    const unknown = hookbay(['conformance', `${origin}/webhook/00000000-0000-4000-8000-000000000000`]);
    expect(await unknown.exited).toBe(3);
  });

  async function eventIds(user: SessionUser): Promise<number[]> {
    const response = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'x-session-id': user.sessionId },
    });
    return response
      .json<{ id: number }[]>()
      .map((event) => event.id)
      .sort((a, b) => a - b);
  }
});
