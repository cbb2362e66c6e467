/**
 * Bulk replay with two instances in one process, on one PostgreSQL schema and one Redis, as behind
 * a load balancer: a job started on A shows its progress live to the owner's socket on B and in B's
 * answers, and a cancel sent to B stops the job A runs. Runs when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_PROGRESS, type ReplayProgressPayload } from '../../../../shared/realtime.js';
import { replayJobPath, type ReplayJob } from '../../../../shared/replay-jobs.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, buildTwoInstances } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { waitFor } from '../../../test/processes.js';
import { connectSocket, listen, type TestSocket } from '../../../test/socket.js';
import { startTarget, type Target } from '../link-webhooks/test-helpers.js';
import { captureOk } from '../webhooks/test-captures.js';
import { jobOf, startJob } from './test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('bulk replay across two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originB: string;
  let target: Target;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [a, b] = await buildTwoInstances({ replayAllowPrivate: true });
    originB = await listen(b);
    target = await startTarget();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a.close(), b.close()]);
    await target.close();
  });

  it('a job started on A is followed live on B, and B lists its results', async () => {
    const user = await createSession(a);
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await captureOk(a, user, { payload: `{"n":${n}}` }));
    const socket = await connectSocket(originB, user.sessionId);
    sockets.push(socket);
    const progress: ReplayProgressPayload[] = [];
    socket.on(REPLAY_PROGRESS, (payload) => progress.push(payload));

    const started = await startJob(a, user, { url: target.url, perMinute: 6000 });
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
    const sentBefore = target.received.length;
    // One a second: the job is still running while the test acts.
    const job = (await startJob(a, user, { url: target.url, perMinute: 60 })).json<ReplayJob>();
    await waitFor('the first request', () => target.received.length === sentBefore + 1);
    const cancelled = await b.inject({ method: 'DELETE', url: replayJobPath(job.id), headers: asUser(user) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ReplayJob>().status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(target.received.slice(sentBefore).map((request) => request.body)).toEqual(['{"slow":0}']);
    expect(await jobOf(a, user, job.id)).toMatchObject({ status: 'cancelled', total: 4, done: 1 });
  });
});
