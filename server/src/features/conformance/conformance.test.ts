/**
 * Sender tests over HTTP: a good sender (Standard Webhooks-signed, same webhook-id on retries,
 * growing waits) and bad ones (a new id on each retry, no retry after a 500, a stale timestamp,
 * no retry after a timeout), each graded check by check with its evidence. Waits are milliseconds.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArmRunInput, ConformanceReport, ConformanceRun } from '../../../../shared/conformance.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listen } from '../../../test/socket.js';
import { listEvents } from '../webhooks/test-captures.js';
import { sendMessage, type Deliver } from './test-sender.js';

async function arm(app: FastifyInstance, user: SessionUser, input: ArmRunInput): Promise<ConformanceRun> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/conformance/runs',
    headers: asUser(user),
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ConformanceRun>();
}

async function disarm(app: FastifyInstance, user: SessionUser, id: number): Promise<ConformanceReport> {
  const response = await app.inject({
    method: 'DELETE',
    url: `/api/conformance/runs/${id}`,
    headers: asUser(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConformanceReport>();
}

function injector(app: FastifyInstance, user: SessionUser, path: string): Deliver {
  return async (headers, body) => {
    const response = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}${path}`,
      headers,
      payload: body,
    });
    return { status: response.statusCode };
  };
}

/** Each check as [outcome, evidence], by id. */
function outcomes(report: ConformanceReport): Record<string, [string, number[]]> {
  return Object.fromEntries(report.checks.map((check) => [check.id, [check.outcome, check.evidence]]));
}

function explanation(report: ConformanceReport, id: string): string {
  return report.checks.find((check) => check.id === id)?.explanation ?? '';
}

const oldestFirst = (events: WebhookEvent[]) => [...events].sort((a, b) => a.id - b.id);

describe.each(storageBackends)('conformance runs on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a good sender: fails first, same webhook-id on retries, growing waits: no check fails', async () => {
    const user = await createSession(app);
    const run = await arm(app, user, {
      path: '/hooks/*',
      failFirst: 2,
      failWith: { status: 503 },
      minutes: 5,
    });
    expect(run).toMatchObject({ path: '/hooks/*', failFirst: 2, failWith: { status: 503 }, minutes: 5 });
    const deliver = injector(app, user, '/hooks/orders');
    const first = await sendMessage(deliver, {
      id: 'msg_a',
      body: '{"type":"order.paid","n":1}',
      waits: [50, 800, 1000],
    });
    const second = await sendMessage(deliver, {
      id: 'msg_b',
      body: '{"type":"order.paid","n":2}',
      waits: [50, 800, 1000],
    });
    expect([first, second]).toEqual([
      [503, 503, 200],
      [503, 503, 200],
    ]);
    // Another path is not part of the run: the default answer, not graded.
    expect((await injector(app, user, '/other')({ 'content-type': 'application/json' }, '{}')).status).toBe(
      200,
    );

    const events = oldestFirst(await listEvents(app, user));
    expect(events.map((event) => event.response)).toEqual([
      { status: 503, source: 'conformance' },
      { status: 503, source: 'conformance' },
      { status: 200, source: 'default' },
      { status: 503, source: 'conformance' },
      { status: 503, source: 'conformance' },
      { status: 200, source: 'default' },
      { status: 200, source: 'default' },
    ]);
    const graded = events.slice(0, 6).map((event) => event.id);
    const [, a2, a3, , b2, b3] = graded;

    const armed = await app.inject({
      method: 'GET',
      url: `/api/conformance/runs/${run.id}`,
      headers: asUser(user),
    });
    expect(armed.json<ConformanceReport>().status).toBe('armed');

    const report = await disarm(app, user, run.id);
    expect(report.status).toBe('finished');
    expect(outcomes(report)).toEqual({
      signature: ['warn', graded],
      'timestamp-fresh': ['pass', graded],
      'timestamp-signed': ['warn', graded],
      'delivery-id': ['pass', graded],
      retries: ['pass', [a2, a3, b2, b3]],
      backoff: ['pass', graded],
      'after-timeout': ['warn', []],
      'content-type': ['pass', graded],
      size: ['pass', graded],
    });
    expect(explanation(report, 'delivery-id')).toBe(
      'Every retry carried the delivery id of its message (webhook-id); 2 messages retried. ' +
        'Standard Webhooks: webhook-id must stay the same on every retry of a message.',
    );
    expect(explanation(report, 'retries')).toBe(
      'Every message answered with 503 was sent again (4 retries).',
    );
    // The waits read as measured: "800 ms", or "1.3 s" on a machine slow enough to stretch them.
    expect(explanation(report, 'backoff')).toMatch(
      /^The waits between retries grew each time \(for example \d+(\.\d)? m?s, \d+(\.\d)? m?s\)\./,
    );
    expect(report.summary).toEqual({
      pass: 6,
      warn: 3,
      fail: 0,
      messages: 2,
      completed: 2,
      deliveries: 6,
      verdict: 'pass',
    });
    // Disarmed: the next delivery of a new message gets the default answer at once.
    expect(await sendMessage(deliver, { id: 'msg_c', body: '{}', waits: [10] })).toEqual([200]);
  });

  it('a bad sender: new id on each retry, no retry after 500, stale timestamp', async () => {
    const user = await createSession(app);
    const run = await arm(app, user, { failFirst: 1 });
    expect(run.failWith).toEqual({ status: 500 });
    const deliver = injector(app, user, '/');
    const body = '{"type":"invoice.created"}';
    const renamed = await sendMessage(deliver, {
      id: 'evt_1',
      body,
      waits: [20],
      idOf: (attempt) => `evt_1_try${attempt}`,
      ageSeconds: 600,
    });
    expect(renamed).toEqual([500, 500]);
    expect(
      await sendMessage(deliver, { id: 'evt_2', body: '{"type":"other"}', waits: [], ageSeconds: 600 }),
    ).toEqual([500]);
    const [r1, r2, g1] = oldestFirst(await listEvents(app, user)).map((event) => event.id);

    const report = await disarm(app, user, run.id);
    expect(outcomes(report)).toEqual({
      signature: ['warn', [r1, r2, g1]],
      'timestamp-fresh': ['fail', [r1, r2, g1]],
      'timestamp-signed': ['warn', [r1, r2, g1]],
      'delivery-id': ['fail', [r1, r2]],
      retries: ['fail', [r1, r2, g1]],
      backoff: ['warn', []],
      'after-timeout': ['warn', []],
      'content-type': ['pass', [r1, r2, g1]],
      size: ['pass', [r1, r2, g1]],
    });
    expect(explanation(report, 'delivery-id')).toBe(
      'The sender changed the delivery id when it retried (the same body came as evt_1_try0, then evt_1_try1). ' +
        'Standard Webhooks: webhook-id must stay the same on every retry of a message.',
    );
    expect(explanation(report, 'retries')).toBe(
      '3 messages answered with 500 were not sent again. Standard Webhooks: failed deliveries are retried with exponential backoff.',
    );
    expect(explanation(report, 'timestamp-fresh')).toContain('more than 5 minutes from its arrival');
    expect(report.summary).toMatchObject({
      fail: 3,
      messages: 3,
      deliveries: 3,
      completed: 0,
      verdict: 'fail',
    });
  });

  it('retries that do not back off are a warning', async () => {
    const user = await createSession(app);
    const run = await arm(app, user, { failFirst: 3 });
    const deliver = injector(app, user, '/');
    expect(await sendMessage(deliver, { id: 'm', body: '{"a":1}', waits: [60, 20, 20] })).toEqual([
      500, 500, 500, 200,
    ]);
    const report = await disarm(app, user, run.id);
    expect(outcomes(report).backoff?.[0]).toBe('warn');
    expect(explanation(report, 'backoff')).toMatch(/^Retries of 1 message did not back off \(waits of /);
  });

  it('arming checks its input, and runs belong to their session', async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/conformance/runs',
      headers: asUser(user),
      payload: { failFirst: 6 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'failFirst: failFirst must be a whole number from 0 to 5.' });
    const fault = await app.inject({
      method: 'POST',
      url: '/api/conformance/runs',
      headers: asUser(user),
      payload: { failWith: { fault: 'close' } },
    });
    expect(fault.statusCode).toBe(400);
    const run = await arm(app, user, {});
    expect(run).toMatchObject({ path: '*', failFirst: 2, failWith: { status: 500 }, minutes: 10 });
    expect(Date.parse(run.endsAt) - Date.parse(run.createdAt)).toBe(10 * 60_000);
    const listed = await app.inject({ method: 'GET', url: '/api/conformance/runs', headers: asUser(user) });
    expect(listed.json()).toEqual({ runs: [run] });
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/conformance/runs/${run.id}`,
      headers: asUser(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'No conformance run with this id.' });
    const anonymous = await app.inject({ method: 'GET', url: '/api/conformance/runs' });
    expect(anonymous.statusCode).toBe(401);
    // Another session's captures are untouched by this run.
    expect((await injector(app, other, '/')({}, '{}')).status).toBe(200);
    await disarm(app, user, run.id);
  });

  it('marks a failure on purpose in a header, which a HEAD request (no body) still reads', async () => {
    const user = await createSession(app);
    const run = await arm(app, user, { failFirst: 1, failWith: { status: 502 } });
    const head = () =>
      app.inject({
        method: 'HEAD',
        url: `/webhook/${user.sessionId}/ping`,
        headers: { 'webhook-id': 'msg_h' },
      });
    const failed = await head();
    expect(failed.statusCode).toBe(502);
    expect(failed.headers['x-hookbay-on-purpose']).toBe('conformance');
    const passed = await head();
    expect(passed.statusCode).toBe(200);
    expect(passed.headers['x-hookbay-on-purpose']).toBeUndefined();
    await disarm(app, user, run.id);
  });
});

describe('a timeout', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('a delivery held without an answer records status 0; a sender that never retries after it fails the check', async () => {
    const user = await createSession(app);
    const run = await arm(app, user, { failFirst: 1, failWith: { fault: 'timeout' } });
    const deliver: Deliver = async (headers, body) => {
      try {
        const response = await fetch(`${origin}/webhook/${user.sessionId}/`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(300),
        });
        await response.arrayBuffer();
        return { status: response.status };
      } catch {
        return { status: 0 };
      }
    };
    expect(await sendMessage(deliver, { id: 'slow', body: '{"n":1}', waits: [30] })).toEqual([0, 200]);
    expect(await sendMessage(deliver, { id: 'quitter', body: '{"n":2}', waits: [] })).toEqual([0]);
    const [held, retried, abandoned] = oldestFirst(await listEvents(app, user));
    expect(held?.response).toEqual({ status: 0, source: 'conformance' });
    const report = await disarm(app, user, run.id);
    expect(outcomes(report)['after-timeout']).toEqual(['fail', [abandoned?.id]]);
    expect(explanation(report, 'after-timeout')).toBe(
      'The sender did not send 1 message again after getting no answer. Standard Webhooks: failed deliveries are retried with exponential backoff.',
    );
    expect(retried?.response).toEqual({ status: 200, source: 'default' });
  });
});
