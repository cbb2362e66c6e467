/** The real `hookbay replay --all` against a Hookbay listening on a port: the search, the order, the exit code. */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../server/test/app.js';
import { createSession } from '../server/test/factories.js';
import { listen } from '../server/test/socket.js';
import {
  runCli,
  startTarget,
  type CliRun,
  type TargetServer,
} from '../server/src/features/forwarding/cli-process.js';
import { parseArgs } from './args.js';

describe('hookbay replay --all', () => {
  let app: FastifyInstance;
  let origin: string;
  let target: TargetServer;
  const runs: CliRun[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((run) => run.stop()));
    await target?.close();
  });
  afterAll(async () => {
    await app.close();
  });

  async function webhookWith(bodies: string[]): Promise<string> {
    const user = await createSession(app);
    const webhook = `${origin}/webhook/${user.sessionId}`;
    for (const [index, body] of bodies.entries()) {
      const response = await fetch(`${webhook}/n${index}`, { method: index === 1 ? 'PUT' : 'POST', body });
      expect(response.status).toBe(200);
    }
    return webhook;
  }

  it('sends every matching request oldest first, a line each and a summary; 0 when all answered 2xx', async () => {
    target = await startTarget({ status: 204 });
    const webhook = await webhookWith(['invoice one', 'invoice put', 'ping', 'invoice three']);
    const run = runCli([
      'replay',
      webhook,
      '--all',
      '--match',
      'invoice',
      '--method',
      'POST',
      '--to',
      target.url,
    ]);
    runs.push(run);
    expect(await run.exited).toBe(0);
    expect(target.received.map((request) => [request.url, request.body.toString()])).toEqual([
      ['/n0', 'invoice one'],
      ['/n3', 'invoice three'],
    ]);
    expect(run.stdout[0]).toMatch(/^\d\d:\d\d:\d\d POST \/n0 -> 204 \(\d+ ms\)$/);
    expect(run.stdout.at(-1)).toBe('2 sent: 2 answered 2xx, 0 did not');
  });

  it('exits 1 when an answer is not 2xx, or when nothing matches', async () => {
    target = await startTarget({ status: 500 });
    const webhook = await webhookWith(['a', 'b']);
    const failing = runCli(['replay', webhook, '--all', '--to', target.url]);
    runs.push(failing);
    expect(await failing.exited).toBe(1);
    expect(failing.stdout.at(-1)).toBe('2 sent: 0 answered 2xx, 2 did not');
    const nothing = runCli(['replay', webhook, '--all', '--match', 'absent', '--to', target.url]);
    runs.push(nothing);
    expect(await nothing.exited).toBe(1);
    expect(nothing.stderr[0]).toBe('No request matches: there is nothing to replay.');
  });

  it('refuses command lines that mix one id with --all', () => {
    const webhook = 'http://h.test/webhook/abc';
    expect(parseArgs(['replay', webhook, '--all', '--rate', '60', '--to', 'http://x'])).toMatchObject({
      all: { perMinute: 60 },
    });
    expect(() => parseArgs(['replay', webhook, '4', '--all', '--to', 'http://x'])).toThrow(
      'give an event id or --all, not both',
    );
    expect(() => parseArgs(['replay', webhook, '4', '--match', 'x', '--to', 'http://x'])).toThrow(
      '--match, --method and --rate go with --all',
    );
    expect(() => parseArgs(['replay', webhook, '--all', '--rate', '0', '--to', 'http://x'])).toThrow(
      '--rate needs a whole number of requests a minute',
    );
  });
});
