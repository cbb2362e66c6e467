import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REPLAY_PROGRESS, type ReplayProgressPayload } from '../../../../shared/realtime.js';
import { REPLAY_JOBS_PATH, replayJobPath, type ReplayJob } from '../../../../shared/replay-jobs.js';
import { buildTestApp, type TestAppOptions } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, listen } from '../../../test/socket.js';
import { waitFor } from '../../../test/processes.js';
import { captureOk } from '../webhooks/test-captures.js';
import { jobOf, startJob } from './test-helpers.js';

/** A loopback server that records each request's path and body and answers with `status(body)`. */
async function startTarget(status: (body: string) => number) {
  const received: { url: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', body });
      response.writeHead(status(body)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${port}`, received };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function appWith(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({ replayAllowPrivate: true, ...options });
  closers.push(() => app.close());
  return app;
}

describe('bulk replay', () => {
  it('sends every request the search returns, oldest first, with a result each and live progress', async () => {
    const app = await appWith();
    const origin = await listen(app);
    const target = await startTarget((body) => (body.includes('fail') ? 500 : 200));
    const user = await createSession(app);
    const ids = [
      await captureOk(app, user, { path: '/orders/1', payload: '{"order":"one"}' }),
      await captureOk(app, user, { path: '/other', payload: '{"skip":true}' }),
      await captureOk(app, user, { path: '/orders/2', payload: '{"order":"two","fail":1}' }),
      await captureOk(app, user, { path: '/orders/3', payload: '{"order":"three"}' }),
    ];
    const socket = await connectSocket(origin, user.sessionId);
    closers.push(async () => void socket.close());
    const progress: ReplayProgressPayload[] = [];
    socket.on(REPLAY_PROGRESS, (payload) => progress.push(payload));

    const started = await startJob(app, user, { url: `${target.url}/hooks`, q: 'order', perMinute: 6000 });
    expect(started.statusCode, started.body).toBe(201);
    const job = started.json<ReplayJob>();
    expect(job).toMatchObject({ status: 'running', total: 3, done: 0, perMinute: 6000 });

    await waitFor('the job to finish', async () => (await jobOf(app, user, job.id)).status === 'finished');
    expect(target.received.map((request) => request.body)).toEqual([
      '{"order":"one"}',
      '{"order":"two","fail":1}',
      '{"order":"three"}',
    ]);
    const finished = await jobOf(app, user, job.id);
    expect(finished).toMatchObject({ total: 3, done: 3, succeeded: 2, failed: 1 });
    expect(finished.results.map(({ eventId, status, error }) => ({ eventId, status, error }))).toEqual([
      { eventId: ids[0], status: 200, error: null },
      { eventId: ids[2], status: 500, error: null },
      { eventId: ids[3], status: 200, error: null },
    ]);
    await waitFor('the last progress event', () => progress.at(-1)?.job.status === 'finished');
    expect(progress.filter((step) => step.result).map((step) => step.job.done)).toEqual([1, 2, 3]);
    const listed = (await app.inject({ method: 'GET', url: REPLAY_JOBS_PATH, headers: asUser(user) })).json<
      ReplayJob[]
    >();
    expect(listed.map((each) => each.id)).toEqual([job.id]);
  });

  it('replays a selection, and one job at a time: a cancel stops it before its next request', async () => {
    const app = await appWith();
    const target = await startTarget(() => 204);
    const user = await createSession(app);
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push(await captureOk(app, user, { payload: `{"n":${n}}` }));
    // One a second: the job is still running while the test acts.
    const job = (
      await startJob(app, user, { url: target.url, ids: [ids[3], ids[1], ids[4]], perMinute: 60 })
    ).json<ReplayJob>();
    expect(job.total).toBe(3);
    const second = await startJob(app, user, { url: target.url });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'A bulk replay is already running for this inspector: cancel it or wait until it ends.',
    });
    await waitFor('the first request', () => target.received.length === 1);
    const cancelled = await app.inject({
      method: 'DELETE',
      url: replayJobPath(job.id),
      headers: asUser(user),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<ReplayJob>().status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(target.received.map((request) => request.body)).toEqual(['{"n":1}']);
    const after = await jobOf(app, user, job.id);
    expect(after).toMatchObject({ status: 'cancelled', total: 3, done: 1 });
    expect((await startJob(app, user, { url: target.url, ids: [ids[0]], perMinute: 600 })).statusCode).toBe(
      201,
    );
  });

  it('refuses what it cannot do, in words that name the problem', async () => {
    const app = await appWith({ replayPerMinute: 30 });
    const user = await createSession(app);
    const other = await createSession(app);
    await captureOk(app, user, { payload: '{}' });
    const tooFast = await startJob(app, user, { url: 'http://127.0.0.1:9/x', perMinute: 31 });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json()).toEqual({ error: 'perMinute: at most 30, the replay limit of this instance' });
    const nothing = await startJob(app, user, { url: 'http://127.0.0.1:9/x', q: 'absent text' });
    expect(nothing.json()).toEqual({ error: 'No request matches: there is nothing to replay.' });
    const badUrl = await startJob(app, user, { url: 'ftp://example.com' });
    expect(badUrl.statusCode).toBe(400);
    const othersId = await startJob(app, other, { url: 'http://127.0.0.1:9/x', ids: [1] });
    expect(othersId.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: replayJobPath('nope'), headers: asUser(user) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: REPLAY_JOBS_PATH, payload: { url: 'http://x.example' } }))
        .statusCode,
    ).toBe(401);
  });

  it('sends nothing to a refused address: each result says why', async () => {
    const app = await buildTestApp({ replayAllowPrivate: false });
    closers.push(() => app.close());
    const target = await startTarget(() => 200);
    const user = await createSession(app);
    await captureOk(app, user, { payload: '{}' });
    const job = (await startJob(app, user, { url: target.url, perMinute: 6000 })).json<ReplayJob>();
    await waitFor('the job to finish', async () => (await jobOf(app, user, job.id)).status === 'finished');
    const [result] = (await jobOf(app, user, job.id)).results;
    expect(result?.status).toBeNull();
    expect(result?.error).toMatch(/loopback|private|refused/i);
    expect(target.received).toEqual([]);
  });

  it('is off when server-side replay is', async () => {
    const app = await appWith({ replayPerMinute: 0 });
    const user = await createSession(app);
    const refused = await startJob(app, user, { url: 'https://example.com/hook' });
    expect(refused.statusCode).toBe(403);
  });
});
