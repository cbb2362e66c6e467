/**
 * The real `hookbay forward` (the built file, as a child process) with several webhook URLs and
 * --match, against a Hookbay listening on a port and local target apps on loopback.
 */
import type { SessionUser } from '../shared/sessions.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cliTestServer,
  startTarget,
  type CliRun,
  type TargetServer,
} from '../server/src/features/forwarding/cli-process.js';
import { createSession } from '../server/test/factories.js';
import { waitFor } from '../server/test/processes.js';

const LINE_AFTER_PREFIX = /^\d\d:\d\d:\d\d (\w+) (\S+) -> (\d+) \(\d+ ms\)$/;

describe('hookbay forward with several inspectors and --match', () => {
  const server = cliTestServer();
  const { hookbay } = server;
  const targets: TargetServer[] = [];

  afterEach(async () => {
    await Promise.all(targets.splice(0).map((target) => target.close()));
  });

  async function target(status: number): Promise<TargetServer> {
    const started = await startTarget({ status, body: 'ok' });
    targets.push(started);
    return started;
  }

  const webhookOf = (user: SessionUser) => `${server.origin}/webhook/${user.sessionId}`;

  async function capture(user: SessionUser, path: string, body: string | Buffer): Promise<void> {
    const response = await fetch(`${webhookOf(user)}${path}`, { method: 'POST', body });
    expect(response.status).toBe(200);
  }

  const untilForwardingAll = (run: CliRun, count: number) =>
    waitFor(
      'every inspector to be forwarded',
      () => run.stderr.filter((line) => / Forwarding http/.test(line)).length === count,
    );

  /** The printed lines as [prefix, method, path, status]. */
  const printed = (run: CliRun) =>
    run.stdout.map((line) => {
      const [, prefix = '', rest = ''] = /^(\[[^\]]+\] )?(.*)$/.exec(line) ?? [];
      const [, method, path, status] = LINE_AFTER_PREFIX.exec(rest) ?? [];
      return [prefix, method, path, status];
    });

  it('sends each inspector’s requests to its own target, each line saying which inspector', async () => {
    const [github, stripe] = [await createSession(server.app), await createSession(server.app)];
    const [githubApp, stripeApp] = [await target(201), await target(202)];
    const run = hookbay([
      'forward',
      webhookOf(github),
      '--to',
      `${githubApp.url}/github`,
      webhookOf(stripe),
      '--to',
      `${stripeApp.url}/stripe`,
    ]);
    await untilForwardingAll(run, 2);
    expect(run.stderr).toContain(
      `[${github.sessionId}] Forwarding ${webhookOf(github)} to ${githubApp.url}/github. Ctrl+C stops.`,
    );
    expect(run.stderr).toContain(
      `[${stripe.sessionId}] Forwarding ${webhookOf(stripe)} to ${stripeApp.url}/stripe. Ctrl+C stops.`,
    );

    await capture(github, '/push', 'push one');
    await capture(stripe, '/charge', 'charge one');
    await capture(github, '/push', 'push two');
    await waitFor(
      'three requests at the targets',
      () => githubApp.received.length + stripeApp.received.length === 3,
    );
    expect(githubApp.received.map((request) => [request.url, request.body.toString()])).toEqual([
      ['/github/push', 'push one'],
      ['/github/push', 'push two'],
    ]);
    expect(stripeApp.received.map((request) => [request.url, request.body.toString()])).toEqual([
      ['/stripe/charge', 'charge one'],
    ]);

    await waitFor('three printed lines', () => run.stdout.length === 3);
    expect(printed(run).sort()).toEqual(
      [
        [`[${github.sessionId}] `, 'POST', '/push', '201'],
        [`[${github.sessionId}] `, 'POST', '/push', '201'],
        [`[${stripe.sessionId}] `, 'POST', '/charge', '202'],
      ].sort(),
    );
    await run.stop();
    expect(await run.exited).toBe(0);
  });

  it('passes on only the requests --match matches, by the inspector’s search rule', async () => {
    const user = await createSession(server.app);
    const app = await target(200);
    const run = hookbay(['forward', webhookOf(user), '--match', 'INVOICE.paid', '--to', app.url]);
    await waitFor('the forwarder to connect', () => run.stderr.some((line) => line.startsWith('Forwarding')));
    expect(run.stderr[0]).toBe(
      `Forwarding ${webhookOf(user)} to ${app.url}/ (only requests matching "INVOICE.paid"). Ctrl+C stops.`,
    );

    await capture(user, '/a', '{"type":"invoice.paid"}');
    await capture(user, '/b', '{"type":"invoice.failed"}');
    await capture(user, '/c?event=invoice.paid', 'no match in the body');
    // Past the part of the body the stream carries: the whole body is searched, as the search does.
    await capture(
      user,
      '/d',
      Buffer.concat([Buffer.alloc(1024 * 1024 + 10, 0x61), Buffer.from('invoice.paid')]),
    );
    await capture(user, '/e', 'the last one, invoice.paid');

    await waitFor('the last matching request', () => app.received.some((request) => request.url === '/e'));
    expect(app.received.map((request) => request.url)).toEqual(['/a', '/c?event=invoice.paid', '/d', '/e']);
    await waitFor('four printed lines', () => run.stdout.length === 4);
    expect(printed(run).map(([prefix, , path]) => `${prefix}${path}`)).toEqual([
      '/a',
      '/c?event=invoice.paid',
      '/d',
      '/e',
    ]);
  });

  it('ends every connection with 1 when Hookbay refuses one of the inspectors', async () => {
    const known = await createSession(server.app);
    const app = await target(200);
    const unknown = `${server.origin}/webhook/no-such-inspector`;
    const run = hookbay(['forward', webhookOf(known), '--to', app.url, unknown, '--to', app.url]);
    expect(await run.exited).toBe(1);
    expect(run.stderr).toContain(
      `[no-such-inspector] Unknown session no-such-inspector at ${server.origin}: check the webhook URL (open Hookbay to see yours).`,
    );
  });

  it('refuses a webhook URL without its --to with the reason, the usage and exit code 2', async () => {
    const user = await createSession(server.app);
    const other = await createSession(server.app);
    const run = hookbay(['forward', webhookOf(user), '--to', 'http://127.0.0.1:9', webhookOf(other)]);
    expect(await run.exited).toBe(2);
    expect(run.stdout).toEqual([]);
    expect(run.stderr[0]).toBe(`hookbay: --to <target URL> is missing after ${webhookOf(other)}`);
    expect(run.stderr).toContain('Usage:');
    expect(
      run.stderr.some((line) => line.startsWith('  hookbay forward <webhook URL> --to <target URL> [')),
    ).toBe(true);
  });
});
