/**
 * The real `node dist/cli/hookbay.mjs` with a key (`--key`, HOOKBAY_KEY) against a Hookbay listening on
 * a port: what a private inspector needs, and what a refused key says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_BODY_PREVIEW_BYTES } from '../../../../shared/webhooks.js';
import { createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { cliTestServer, startTarget, untilForwarding, type TargetServer } from '../forwarding/cli-process.js';
import { asKey, createKey, privateSession } from './test-helpers.js';

describe('hookbay forward and replay with a key', () => {
  const server = cliTestServer();
  const { hookbay } = server;
  let target: TargetServer;

  afterEach(async () => {
    await target.close();
  });

  async function capture(webhook: string, path: string, body: string | Buffer = path): Promise<number> {
    const response = await fetch(`${webhook}${path}`, { method: 'POST', body });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  it('forward --key forwards the captures of a private inspector', async () => {
    target = await startTarget({ status: 200, body: 'ok' });
    const { user, key } = await privateSession(server.app);
    const webhook = `${server.origin}/webhook/${user.sessionId}`;
    const run = hookbay(['forward', webhook, '--to', `${target.url}/hooks`, '--key', key]);
    await untilForwarding(run);
    await capture(webhook, '/github?x=1', 'payload');
    await waitFor('the target to receive it', () => target.received.length === 1);
    expect(target.received[0]).toMatchObject({ method: 'POST', url: '/hooks/github?x=1' });
    expect(target.received[0]?.body.toString()).toBe('payload');
    // The key, not the session id, went to Hookbay; the target gets the capture's own headers only.
    expect(target.received[0]?.rawHeaders.map(([name]) => name.toLowerCase())).not.toContain('authorization');
    await waitFor('the line', () =>
      run.stdout.some((line) => /^\d\d:\d\d:\d\d POST \/github\?x=1 -> 200 \(\d+ ms\)$/.test(line)),
    );
  });

  it('HOOKBAY_KEY does the same as --key', async () => {
    target = await startTarget({ status: 201, body: 'made' });
    const { user, key } = await privateSession(server.app);
    const webhook = `${server.origin}/webhook/${user.sessionId}`;
    const run = hookbay(['forward', webhook, '--to', target.url], { HOOKBAY_KEY: key });
    await untilForwarding(run);
    await capture(webhook, '/env');
    await waitFor('the target to receive it', () => target.received.length === 1);
    expect(target.received[0]?.url).toBe('/env');
  });

  it('replay --key sends one stored request of a private inspector, whole body included', async () => {
    target = await startTarget({ status: 202, body: 'again' });
    const { user, key } = await privateSession(server.app);
    const webhook = `${server.origin}/webhook/${user.sessionId}`;
    // Larger than an event carries: the body is read from the server, with the key.
    const big = Buffer.alloc(EVENT_BODY_PREVIEW_BYTES + 10, 0x61);
    const id = await capture(webhook, '/big', big);
    const run = hookbay(['replay', webhook, String(id), '--to', target.url], { HOOKBAY_KEY: key });
    expect(await run.exited).toBe(0);
    expect(target.received[0]?.body.equals(big)).toBe(true);
    expect(run.stdout.at(-1)).toBe('again');
  });

  it('without a key, a private inspector gives a clear message and exit code 1', async () => {
    target = await startTarget();
    const { user } = await privateSession(server.app);
    const webhook = `${server.origin}/webhook/${user.sessionId}`;
    const expected = `The inspector of ${user.sessionId} is private: pass one of its keys with --key <key> or HOOKBAY_KEY.`;
    const forward = hookbay(['forward', webhook, '--to', target.url]);
    expect(await forward.exited).toBe(1);
    expect(forward.stderr[0]).toBe(expected);
    const replay = hookbay(['replay', webhook, '1', '--to', target.url]);
    expect(await replay.exited).toBe(1);
    expect(replay.stderr[0]).toBe(expected);
    expect(target.received).toHaveLength(0);
  });

  it('a revoked key: exit code 1 saying the key was refused, on both commands', async () => {
    target = await startTarget();
    const user = await createSession(server.app);
    const { key, id } = await createKey(server.app, user);
    await server.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: asKey(key) });
    const webhook = `${server.origin}/webhook/${user.sessionId}`;
    const expected = `Hookbay at ${server.origin} refused the key: This key is unknown or was revoked.`;
    const forward = hookbay(['forward', webhook, '--to', target.url, '--key', key]);
    expect(await forward.exited).toBe(1);
    expect(forward.stderr[0]).toBe(expected);
    const replay = hookbay(['replay', webhook, '1', '--to', target.url], { HOOKBAY_KEY: key });
    expect(await replay.exited).toBe(1);
    expect(replay.stderr[0]).toBe(expected);
  });

  it('a forwarder whose key is revoked while it runs stops with exit code 1', async () => {
    target = await startTarget();
    const { user, key, keyId } = await privateSession(server.app);
    const run = hookbay([
      'forward',
      `${server.origin}/webhook/${user.sessionId}`,
      '--to',
      target.url,
      '--key',
      key,
    ]);
    await untilForwarding(run);
    await server.app.inject({ method: 'DELETE', url: `/api/keys/${keyId}`, headers: asKey(key) });
    expect(await run.exited).toBe(1);
    expect(run.stderr.at(-1)).toBe(
      `Hookbay at ${server.origin} refused the key: This key is unknown or was revoked.`,
    );
  });

  it('a key of another inspector is refused before anything is forwarded', async () => {
    target = await startTarget();
    const mine = await createSession(server.app);
    const other = await createSession(server.app);
    const { key } = await createKey(server.app, other);
    const run = hookbay([
      'forward',
      `${server.origin}/webhook/${mine.sessionId}`,
      '--to',
      target.url,
      '--key',
      key,
    ]);
    expect(await run.exited).toBe(1);
    expect(run.stderr[0]).toBe(
      `This key belongs to another webhook URL (${server.origin}/webhook/${other.sessionId}), not to ${mine.sessionId}.`,
    );
  });
});
