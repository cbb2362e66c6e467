/**
 * The real `hookbay wait` (the built file, as a child process) against a Hookbay listening on a
 * port: every exit code, the JSON lines, --after, keys, and waits longer than the server holds one
 * request, through a proxy that cuts every wait the server is asked for to one second.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../shared/sessions.js';
import type { WebhookEvent } from '../shared/webhooks.js';
import { asKey, createKey, privateSession } from '../server/src/features/access/test-helpers.js';
import { cliTestServer, type CliRun } from '../server/src/features/forwarding/cli-process.js';
import { asUser, createSession } from '../server/test/factories.js';
import { freePort, waitFor } from '../server/test/processes.js';
import { sliceQuery } from './wait.js';

interface ShortWaitProxy {
  origin: string;
  /** The query of every wait the proxy passed on, in order. */
  waits: URLSearchParams[];
  close(): Promise<void>;
}

/** Passes every request on to `target`, cutting the timeout of each wait to one second. */
async function startShortWaitProxy(target: string): Promise<ShortWaitProxy> {
  const waits: URLSearchParams[] = [];
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', target);
    if (url.pathname === '/api/events/wait') {
      waits.push(new URLSearchParams(url.searchParams));
      url.searchParams.set('timeout', String(Math.min(Number(url.searchParams.get('timeout') ?? 30), 1)));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ['x-session-id', 'authorization', 'content-type']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(url, {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    waits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('hookbay wait', () => {
  const server = cliTestServer();
  const { hookbay } = server;

  const webhookOf = (user: SessionUser, base = server.origin) => `${base}/webhook/${user.sessionId}`;

  async function capture(user: SessionUser, path: string, body: string): Promise<number> {
    const response = await fetch(`${webhookOf(user)}${path}`, { method: 'POST', body });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  async function storedEvents(user: SessionUser): Promise<WebhookEvent[]> {
    const response = await server.app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) });
    return response.json<WebhookEvent[]>();
  }

  const untilWaiting = () =>
    waitFor('the command to wait', () => server.app.services.waits.openCount().waits > 0);
  const printed = (run: CliRun) => run.stdout.map((line) => JSON.parse(line) as WebhookEvent);

  it('prints each match as one JSON line, the event as the API gives it, and exits 0 once all arrived', async () => {
    const user = await createSession(server.app);
    const first = await capture(user, '/orders', '{"order":"created"}');
    await capture(user, '/other', '{"unrelated":true}');
    const run = hookbay(['wait', webhookOf(user), '--match', 'ORDER', '--method', 'post', '--count', '2']);
    await untilWaiting();
    const second = await capture(user, '/orders?x=1', '{"order":"paid"}');
    expect(await run.exited).toBe(0);
    expect(printed(run).map((event) => event.id)).toEqual([first, second]);
    const stored = await storedEvents(user);
    expect(printed(run)).toEqual([first, second].map((id) => stored.find((event) => event.id === id)));
    expect(run.stdout).toHaveLength(2);
    expect(run.stderr).toEqual([]);
  });

  it('--match sig:invalid and contract:fail wait for the verdicts judged on arrival', async () => {
    const user = await createSession(server.app);
    for (const [url, payload] of [
      ['/api/signing-secrets', { name: 'GitHub', scheme: 'github-sha256', secret: 'wait-secret' }],
      ['/api/contracts', { name: 'Orders', schema: { type: 'object', required: ['id'] } }],
    ] as const) {
      const added = await server.app.inject({ method: 'POST', url, headers: asUser(user), payload });
      expect(added.statusCode, added.body).toBeLessThan(300);
    }
    const send = async (body: string, key: string) => {
      const signature = createHmac('sha256', key).update(body).digest('hex');
      const response = await fetch(webhookOf(user), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
        body,
      });
      return ((await response.json()) as { id: number }).id;
    };
    const right = await send('{"id":1}', 'wait-secret');
    const forged = await send('{"id":2}', 'a forger');

    const invalid = hookbay(['wait', webhookOf(user), '--match', 'sig:invalid']);
    expect(await invalid.exited).toBe(0);
    expect(printed(invalid).map((event) => [event.id, event.verdicts.signature?.status])).toEqual([
      [forged, 'invalid'],
    ]);
    const valid = hookbay(['wait', webhookOf(user), '--match', 'sig:valid contract:pass']);
    expect(await valid.exited).toBe(0);
    expect(printed(valid).map((event) => event.id)).toEqual([right]);

    // Live: a request that passes does not end the wait; the failing one does.
    const failing = hookbay(['wait', webhookOf(user), '--match', 'contract:fail', '--after', 'now']);
    await untilWaiting();
    await send('{"id":3}', 'wait-secret');
    const broken = await send('{"no":"id"}', 'wait-secret');
    expect(await failing.exited).toBe(0);
    expect(printed(failing).map((event) => [event.id, event.verdicts.contract?.status])).toEqual([
      [broken, 'fail'],
    ]);
    const none = hookbay(['wait', webhookOf(user), '--match', 'sig:none', '--timeout', '0.5']);
    expect(await none.exited).toBe(1);
    expect(none.stdout).toEqual([]);
  });

  it('--after now counts only requests captured after the command started; --after <id> those after that one', async () => {
    const user = await createSession(server.app);
    const older = await capture(user, '/hook', 'before');
    const run = hookbay(['wait', webhookOf(user), '--after', 'now']);
    await untilWaiting();
    const newer = await capture(user, '/hook', 'after');
    expect(await run.exited).toBe(0);
    expect(printed(run).map((event) => event.body)).toEqual(['after']);

    const since = hookbay(['wait', webhookOf(user), '--after', String(older)]);
    expect(await since.exited).toBe(0);
    expect(printed(since).map((event) => event.id)).toEqual([newer]);
  });

  it('exit 1 when the time runs out, with the matches so far printed', async () => {
    const user = await createSession(server.app);
    const only = await capture(user, '/', 'ping');
    const run = hookbay(['wait', webhookOf(user), '--match', 'ping', '--count', '2', '--timeout', '0.5']);
    expect(await run.exited).toBe(1);
    expect(printed(run).map((event) => event.id)).toEqual([only]);
    expect(run.stderr).toEqual(['1 of 2 matching requests arrived within 0.5 s.']);
  });

  it('exit 2 on a usage error, with the reason and the usage', async () => {
    const user = await createSession(server.app);
    const run = hookbay(['wait', webhookOf(user), '--count', '0']);
    expect(await run.exited).toBe(2);
    expect(run.stderr[0]).toBe('hookbay: --count must be a whole number from 1 to 1000');
    expect(run.stderr).toContain(
      '  hookbay wait <webhook URL> [--match <text>] [--method <M>] [--count <N>] [--timeout <S>] [--after <id>|now]',
    );
  });

  it('exit 3 when the server cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = hookbay(['wait', `${closed}/webhook/1b4e28ba-2fa1-41d2-883f-0016d3cca427`]);
    expect(await run.exited).toBe(3);
    expect(run.stderr[0]).toMatch(new RegExp(`^Could not reach Hookbay at ${closed}: fetch failed`));
  });

  it('exit 3 when the server refuses the session: unknown, private without a key, a revoked key', async () => {
    const unknown = hookbay(['wait', `${server.origin}/webhook/00000000-0000-4000-8000-000000000000`]);
    expect(await unknown.exited).toBe(3);
    expect(unknown.stderr[0]).toBe(
      `Unknown session 00000000-0000-4000-8000-000000000000 at ${server.origin}: check the webhook URL.`,
    );

    const { user } = await privateSession(server.app);
    const locked = hookbay(['wait', webhookOf(user), '--timeout', '0']);
    expect(await locked.exited).toBe(3);
    expect(locked.stderr[0]).toBe(
      `The inspector of ${user.sessionId} is private: pass one of its keys with --key <key> or HOOKBAY_KEY.`,
    );

    const owner = await createSession(server.app);
    const { key, id } = await createKey(server.app, owner);
    await server.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: asKey(key) });
    const revoked = hookbay(['wait', webhookOf(owner), '--key', key]);
    expect(await revoked.exited).toBe(3);
    expect(revoked.stderr[0]).toBe(
      `Hookbay at ${server.origin} refused the key: This key is unknown or was revoked.`,
    );
  });

  it('waits on a private inspector with its key from HOOKBAY_KEY', async () => {
    const { user, key } = await privateSession(server.app);
    const id = await capture(user, '/private', 'secret payload');
    const run = hookbay(['wait', webhookOf(user), '--match', 'secret'], { HOOKBAY_KEY: key });
    expect(await run.exited).toBe(0);
    expect(printed(run).map((event) => event.id)).toEqual([id]);
  });

  describe('past what one request to the server waits', () => {
    let proxy: ShortWaitProxy;
    beforeAll(async () => {
      proxy = await startShortWaitProxy(server.origin);
    });
    afterAll(async () => {
      await proxy.close();
    });

    it('asks again after the last request seen, for what is still missing, until all arrived', async () => {
      const user = await createSession(server.app);
      const first = await capture(user, '/deploys', 'deploy started');
      const run = hookbay([
        'wait',
        webhookOf(user, proxy.origin),
        '--match',
        'deploy',
        '--count',
        '2',
        '--timeout',
        '120',
      ]);
      // The first answer (408 after a second) brings the first match; the next asks for the rest after it.
      await waitFor('a second wait', () =>
        proxy.waits.some((query) => query.get('after') === String(first) && query.get('count') === '1'),
      );
      const second = await capture(user, '/deploys', 'deploy finished');
      expect(await run.exited).toBe(0);
      expect(printed(run).map((event) => event.id)).toEqual([first, second]);
      expect(proxy.waits[0]?.get('count')).toBe('2');
      expect(proxy.waits[0]?.has('after')).toBe(false);
    });

    it('ends with exit 1 once its own time has run out, having asked more than once', async () => {
      const user = await createSession(server.app);
      const asked = proxy.waits.length;
      const run = hookbay(['wait', webhookOf(user, proxy.origin), '--timeout', '2.5']);
      expect(await run.exited).toBe(1);
      expect(proxy.waits.length - asked).toBeGreaterThan(1);
      expect(run.stdout).toEqual([]);
      expect(run.stderr).toEqual(['0 of 1 matching requests arrived within 2.5 s.']);
    });
  });
});

describe('a slice of a wait', () => {
  it('asks for the filters, what is still missing after the last id seen, and this slice only', () => {
    const spec = { match: 'a b', method: 'POST', count: 5, timeoutMs: 600_000 };
    expect(sliceQuery(spec, undefined, 5, 50_000)).toBe('q=a+b&method=POST&count=5&timeout=50');
    expect(sliceQuery(spec, 41, 2, 1234)).toBe('q=a+b&method=POST&after=41&count=2&timeout=1.234');
    expect(sliceQuery({ count: 1, timeoutMs: 0 }, 0, 1, 0)).toBe('after=0&count=1&timeout=0');
  });
});
