/**
 * Bulk replay with two instances in one process, on one PostgreSQL schema and one Redis, as behind
 * a load balancer: a job started on A shows its progress live to the owner's socket on B and in B's
 * answers, and a cancel sent to B stops the job A runs. Runs when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_PROGRESS, type ReplayProgressPayload } from '../../../../shared/realtime.js';
import { REPLAY_JOBS_PATH, replayJobPath, type ReplayJob } from '../../../../shared/replay-jobs.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { connectSocket, listen, type TestSocket } from '../../../test/socket.js';
import { captureOk } from '../webhooks/test-captures.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('bulk replay across two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originB: string;
  let target: http.Server;
  let targetUrl: string;
  const received: string[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // Checked above by runIf; repeated so the types know.
    if (!TEST_DATABASE_URL || !TEST_REDIS_URL)
      throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are needed');
    const config = testConfig({
      databaseUrl: await freshPostgresUrl(TEST_DATABASE_URL),
      redisUrl: TEST_REDIS_URL,
      replayAllowPrivate: true,
    });
    // One after the other, so that only the first migrates the new schema.
    a = await buildApp(config);
    await a.ready();
    b = await buildApp(config);
    originB = await listen(b);
    target = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push(body);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hooks`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a.close(), b.close()]);
    target.closeAllConnections();
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  function startJob(app: FastifyInstance, user: SessionUser, body: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: REPLAY_JOBS_PATH, headers: asUser(user), payload: body });
  }

  async function jobOf(app: FastifyInstance, user: SessionUser, id: string): Promise<ReplayJob> {
    return (
      await app.inject({ method: 'GET', url: replayJobPath(id), headers: asUser(user) })
    ).json<ReplayJob>();
  }

  it('a job started on A is followed live on B, and B lists its results', async () => {
    const user = await createSession(a);
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await captureOk(a, user, { payload: `{"n":${n}}` }));
    const socket = await connectSocket(originB, user.sessionId);
    sockets.push(socket);
    const progress: ReplayProgressPayload[] = [];
    socket.on(REPLAY_PROGRESS, (payload) => progress.push(payload));

    const started = await startJob(a, user, { url: targetUrl, perMinute: 6000 });
    expect(started.statusCode, started.body).toBe(201);
    const job = started.json<ReplayJob>();
    await waitFor('the last progress event on B', () => progress.at(-1)?.job.status === 'finished');
    expect(progress.filter((step) => step.result).map((step) => step.job.done)).toEqual([1, 2, 3]);
    const seenOnB = await jobOf(b, user, job.id);
    expect(seenOnB).toMatchObject({ status: 'finished', total: 3, done: 3, succeeded: 3, failed: 0 });
    expect(seenOnB.results.map((result) => result.eventId)).toEqual(ids);
  });

  it('a cancel sent to B stops the job A runs before its next request', async () => {
    const user = await createSession(a);
    for (let n = 0; n < 4; n++) await captureOk(a, user, { payload: `{"slow":${n}}` });
    const sentBefore = received.length;
    // One a second: the job is still running while the test acts.
    const job = (await startJob(a, user, { url: targetUrl, perMinute: 60 })).json<ReplayJob>();
    await waitFor('the first request', () => received.length === sentBefore + 1);
    const cancelled = await b.inject({ method: 'DELETE', url: replayJobPath(job.id), headers: asUser(user) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ReplayJob>().status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.slice(sentBefore)).toEqual(['{"slow":0}']);
    expect(await jobOf(a, user, job.id)).toMatchObject({ status: 'cancelled', total: 4, done: 1 });
  });
});
