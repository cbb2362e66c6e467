/**
 * The real `node cli/hookbay.mjs` against a Hookbay listening on a port and a local target app.
 */
import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RESPONSE } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { connectSocket, listen, nextEvent } from '../../../test/socket.js';
import { runCli, startTarget, untilForwarding, type CliRun, type TargetServer } from './cli-process.js';

const LINE = /^\d\d:\d\d:\d\d /;

interface Sent {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

/** Sends a request with header lines exactly as given (order, case, repeats). */
function sendRaw(url: string, method: string, headers: [string, string][], body: Buffer): Promise<Sent> {
  // With header lines given as a list, Node adds no Host of its own.
  const lines = headers.some(([name]) => name.toLowerCase() === 'host')
    ? headers
    : [['Host', new URL(url).host] as [string, string], ...headers];
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: lines.flat() });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.end(body);
  });
}

function withoutConnection(rawHeaders: [string, string][]): [string, string][] {
  return rawHeaders.filter(([name]) => name.toLowerCase() !== 'connection');
}

describe('hookbay forward and replay', () => {
  let app: FastifyInstance;
  let origin: string;
  let target: TargetServer;
  const runs: CliRun[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ forwardResponseTimeoutMs: 1000 });
    origin = await listen(app);
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((run) => run.stop()));
    await target.close();
  });
  afterAll(async () => {
    await app.close();
  });

  function cli(args: string[]): CliRun {
    const run = runCli(args);
    runs.push(run);
    return run;
  }

  async function events(user: SessionUser): Promise<WebhookEvent[]> {
    return (await app.inject({ method: 'GET', url: '/api/events', headers: asUser(user) })).json<
      WebhookEvent[]
    >();
  }

  it('sends each capture to the target: method, sub-path and query, headers in order and case, binary body', async () => {
    target = await startTarget({ status: 202, body: 'accepted' });
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', `${target.url}/hooks`]);
    await untilForwarding(run);

    const body = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x0a, 0x0d, 0x7b, 0x22]);
    const headers: [string, string][] = [
      ['Host', new URL(origin).host],
      ['X-GitHub-Event', 'push'],
      ['content-type', 'application/octet-stream'],
      ['X-Hub-Signature-256', 'sha256=0123'],
      ['x-hub-signature-256', 'sha256=4567'],
      ['Connection', 'keep-alive'],
      ['Content-Length', String(body.length)],
    ];
    const sent = await sendRaw(`${webhook}/github?x=1&y=a%20b`, 'PATCH', headers, body);
    expect(sent.status).toBe(200);
    await sendRaw(webhook, 'GET', [], Buffer.alloc(0));

    await waitFor('two forwarded requests', () => target.received.length >= 2);
    const [first, second] = target.received;
    expect(first?.method).toBe('PATCH');
    expect(first?.url).toBe('/hooks/github?x=1&y=a%20b');
    expect(first?.body.equals(body)).toBe(true);
    expect(withoutConnection(first?.rawHeaders ?? [])).toEqual([
      ['Host', new URL(target.url).host],
      ['X-GitHub-Event', 'push'],
      ['content-type', 'application/octet-stream'],
      ['X-Hub-Signature-256', 'sha256=0123'],
      ['x-hub-signature-256', 'sha256=4567'],
      ['Content-Length', String(body.length)],
    ]);
    expect(second?.method).toBe('GET');
    expect(second?.url).toBe('/hooks');
    expect(second?.body.length).toBe(0);

    await waitFor('two printed lines', () => run.stdout.length >= 2);
    expect(run.stdout[0]).toMatch(LINE);
    expect(run.stdout[0]?.slice(9)).toMatch(/^PATCH \/github\?x=1&y=a%20b -> 202 \(\d+ ms\)$/);
    expect(run.stdout[1]?.slice(9)).toMatch(/^GET \/ -> 202 \(\d+ ms\)$/);
    // Each request also records what the target answered, for the browser's list.
    await waitFor('both reports', async () => (await events(user)).every((event) => event.forwarded));
    expect((await events(user)).map((event) => event.forwarded)).toEqual([
      { status: 202, ms: expect.any(Number) },
      { status: 202, ms: expect.any(Number) },
    ]);
  });

  it('forwards a body too large to ride in the event whole, from the stored body', async () => {
    target = await startTarget();
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', target.url]);
    await untilForwarding(run);
    const body = Buffer.alloc(1024 * 1024 + 10, 0xab);
    const sent = await sendRaw(`${webhook}/big`, 'POST', [['Content-Length', String(body.length)]], body);
    expect(sent.status).toBe(200);
    await waitFor('the forwarded request', () => target.received[0]);
    expect(target.received[0]?.body.equals(body)).toBe(true);
  });

  it('keeps going when the target is down, with a line that says why', async () => {
    target = await startTarget();
    await target.close();
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', target.url]);
    await untilForwarding(run);
    await sendRaw(`${webhook}/one`, 'POST', [], Buffer.from('1'));
    await sendRaw(`${webhook}/two`, 'POST', [], Buffer.from('2'));
    await waitFor('two printed lines', () => run.stdout.length >= 2);
    expect(run.stdout[0]?.slice(9)).toMatch(
      /^POST \/one -> failed: connect ECONNREFUSED 127\.0\.0\.1:\d+ \(\d+ ms\)$/,
    );
    expect(run.stdout[1]?.slice(9)).toMatch(/^POST \/two -> failed: connect ECONNREFUSED/);
    await waitFor('both reports', async () => (await events(user)).every((event) => event.forwarded));
    for (const event of await events(user)) {
      expect(event.forwarded).toEqual({
        error: expect.stringMatching(/^connect ECONNREFUSED/),
        ms: expect.any(Number),
      });
    }
  });

  it('after its connection to Hookbay is cut, forwards what it missed: in order, each once', async () => {
    target = await startTarget();
    const user = await createSession(app);
    const hookbayPort = Number(new URL(origin).port);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(hookbayPort, '127.0.0.1');
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      for (const socket of [client, upstream]) {
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyPort = (proxy.address() as net.AddressInfo).port; // listening on TCP, so an AddressInfo
    const run = cli([
      'forward',
      `http://127.0.0.1:${proxyPort}/webhook/${user.sessionId}`,
      '--to',
      target.url,
    ]);
    await untilForwarding(run);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const capture = async (n: number) => sendRaw(`${webhook}/n${n}`, 'POST', [], Buffer.from(String(n)));

    for (const n of [1, 2, 3]) await capture(n);
    await waitFor('three forwarded', () => target.received.length >= 3);
    // The cut: the proxy stops listening and drops its connections, captures go on meanwhile.
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    for (const n of [4, 5, 6]) await capture(n);
    await waitFor('the forwarder to see the cut', () =>
      run.stderr.some((line) => line.startsWith('Stream lost')),
    );
    await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
    await waitFor('the reconnect', () => run.stderr.includes('Reconnected.'));
    for (const n of [7, 8]) await capture(n);

    await waitFor('eight forwarded', () => target.received.length >= 8);
    // Anything doubled would arrive within a keep-alive round; a few more captures flush it out.
    await capture(9);
    await waitFor('nine forwarded', () => target.received.length >= 9);
    expect(target.received.map((request) => request.url)).toEqual([
      '/n1',
      '/n2',
      '/n3',
      '/n4',
      '/n5',
      '/n6',
      '/n7',
      '/n8',
      '/n9',
    ]);
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  });

  it("--respond gives the sender the target's status, headers and body, and records it", async () => {
    const answerBody = Buffer.from([0x01, 0x02, 0xff, 0x00]);
    target = await startTarget({
      status: 201,
      headers: [
        ['X-Reply', 'from my app'],
        ['X-Multi', '1'],
        ['Set-Cookie', 'a=1'],
        ['X-Multi', '2'],
        ['Content-Type', 'application/x-custom'],
      ],
      body: answerBody,
    });
    const user = await createSession(app);
    const socket = await connectSocket(origin, user.sessionId);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', target.url, '--respond']);
    await untilForwarding(run);
    const told = nextEvent(socket, WEBHOOK_RESPONSE);

    const sent = await sendRaw(`${webhook}/pay`, 'POST', [['Content-Type', 'text/plain']], Buffer.from('hi'));
    expect(sent.status).toBe(201);
    expect(sent.body.equals(answerBody)).toBe(true);
    const pairs: [string, string][] = [];
    for (let index = 0; index < sent.rawHeaders.length; index += 2) {
      pairs.push([(sent.rawHeaders[index] ?? '').toLowerCase(), sent.rawHeaders[index + 1] ?? '']);
    }
    expect(pairs).toContainEqual(['x-reply', 'from my app']);
    expect(pairs).toContainEqual(['content-type', 'application/x-custom']);
    expect(pairs.filter(([name]) => name === 'x-multi').map(([, value]) => value)).toEqual(['1', '2']);
    // It comes from Hookbay's own origin, where cookies would belong to Hookbay: they are dropped.
    expect(pairs.map(([name]) => name)).not.toContain('set-cookie');

    const [event] = await events(user);
    expect(event?.response).toEqual({ status: 201, source: 'forwarder' });
    expect(await told).toEqual({ id: event?.id, response: { status: 201, source: 'forwarder' } });
    socket.close();
  });

  it('--respond with a target too slow: the sender gets 504 JSON and the event is stored', async () => {
    target = await startTarget({ status: 200, body: 'late', delayMs: 3000 });
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', target.url, '--respond']);
    await untilForwarding(run);
    const sent = await sendRaw(`${webhook}/slow`, 'POST', [], Buffer.from('x'));
    expect(sent.status).toBe(504);
    const answer = JSON.parse(sent.body.toString()) as { error: string; id: number };
    expect(answer.error).toBe('The forwarder did not answer within 1000 ms. The request was stored.');
    const [event] = await events(user);
    expect(event?.id).toBe(answer.id);
    expect(event?.path).toBe('/slow');
    expect(event?.response).toEqual({ status: 504, source: 'error' });
  });

  it('--respond with a target that is down: the sender gets 502 JSON', async () => {
    target = await startTarget();
    await target.close();
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', target.url, '--respond']);
    await untilForwarding(run);
    const sent = await sendRaw(`${webhook}/down`, 'POST', [], Buffer.from('x'));
    expect(sent.status).toBe(502);
    expect(JSON.parse(sent.body.toString()).error).toMatch(
      /^The forwarder could not reach its target: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
    expect((await events(user))[0]?.response).toEqual({ status: 502, source: 'error' });
  });

  it('without a forwarder the sender gets the usual answer again', async () => {
    target = await startTarget();
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    const run = cli(['forward', webhook, '--to', target.url, '--respond']);
    await untilForwarding(run);
    await run.stop();
    expect(await run.exited).toBe(0);
    await waitFor('the stream to be gone', async () => {
      const sent = await sendRaw(webhook, 'POST', [], Buffer.from('x'));
      return sent.status === 200 && JSON.parse(sent.body.toString()).ok === true;
    });
  });

  it('an unknown session: a clear message and exit code 1', async () => {
    target = await startTarget();
    const run = cli([
      'forward',
      `${origin}/webhook/00000000-0000-4000-8000-000000000000`,
      '--to',
      target.url,
    ]);
    expect(await run.exited).toBe(1);
    expect(run.stderr[0]).toBe(
      `Unknown session 00000000-0000-4000-8000-000000000000 at ${origin}: check the webhook URL (open Hookbay to see yours).`,
    );
  });

  it('bad arguments: the usage text and exit code 2', async () => {
    target = await startTarget();
    const run = cli(['forward', `${origin}/webhook/abc`]);
    expect(await run.exited).toBe(2);
    expect(run.stderr[0]).toBe('hookbay: --to <target URL> is missing');
    expect(run.stderr).toContain(
      '  hookbay forward <webhook URL> --to <target URL> [<webhook URL> --to <target URL> …] [--match <text>] [--respond]',
    );
  });

  it('replay sends one stored request and prints the answer', async () => {
    target = await startTarget({ status: 418, headers: [['X-Teapot', 'yes']], body: 'short and stout' });
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    await sendRaw(`${webhook}/first`, 'PUT', [['X-Sig', 'abc']], Buffer.from('one'));
    await sendRaw(`${webhook}/second`, 'POST', [], Buffer.from('two'));
    const [, first] = await events(user);
    const run = cli(['replay', webhook, String(first?.id), '--to', `${target.url}/local`]);
    expect(await run.exited).toBe(0);
    expect(target.received).toHaveLength(1);
    expect(target.received[0]).toMatchObject({ method: 'PUT', url: '/local/first' });
    expect(target.received[0]?.body.toString()).toBe('one');
    expect(target.received[0]?.rawHeaders).toContainEqual(['X-Sig', 'abc']);
    expect(run.stdout[0]?.slice(9)).toMatch(/^PUT \/first -> 418 \(\d+ ms\)$/);
    expect(run.stdout).toContain('X-Teapot: yes');
    expect(run.stdout.at(-1)).toBe('short and stout');
  });

  it('replay of an event the session does not have: exit code 1', async () => {
    target = await startTarget();
    const user = await createSession(app);
    const run = cli(['replay', `${origin}/webhook/${user.sessionId}`, '999999', '--to', target.url]);
    expect(await run.exited).toBe(1);
    expect(run.stderr[0]).toBe('This session has no request 999999 (deleted, or never captured).');
    expect(target.received).toHaveLength(0);
  });

  it('the server serves the forwarder itself', async () => {
    target = await startTarget();
    const response = await fetch(`${origin}/cli/hookbay.mjs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toMatch(/^#!\/usr\/bin\/env node\n/);
  });
});
