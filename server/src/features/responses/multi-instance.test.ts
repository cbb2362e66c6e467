/**
 * Two instances in one process, on one PostgreSQL schema and one Redis, as behind a load
 * balancer: rules saved on one are in force on the other as soon as the save answers, and the
 * sequences count captures wherever they land. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, buildTwoInstances } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';

async function saveRules(app: FastifyInstance, user: SessionUser, rules: ResponseRuleInput[]) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/responses',
    headers: asUser(user),
    payload: { rules },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function captureStatus(app: FastifyInstance, user: SessionUser): Promise<number> {
  const response = await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: '{}' });
  return response.statusCode;
}

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('scripted responses across two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    [a, b] = await buildTwoInstances();
  });

  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('rules saved on A answer on B at once, and captures alternating A and B go through one sequence', async () => {
    const user = await createSession(a);
    // B now holds "no rules" for this session in memory.
    expect(await captureStatus(b, user)).toBe(200);

    await saveRules(a, user, [
      { responses: [{ status: 500 }, { status: 502 }, { status: 503 }, { status: 200 }] },
    ]);
    const answered = [];
    for (const app of [b, a, b, a, b]) answered.push(await captureStatus(app, user));
    expect(answered).toEqual([500, 502, 503, 200, 200]);
  });

  it('saving again on B replaces the rules on A and starts the sequence again', async () => {
    const user = await createSession(a);
    await saveRules(a, user, [{ responses: [{ status: 500 }, { status: 200 }] }]);
    expect([await captureStatus(a, user), await captureStatus(b, user)]).toEqual([500, 200]);

    await saveRules(b, user, [{ responses: [{ status: 429 }, { status: 201 }], then: 'cycle' }]);
    const answered = [];
    for (const app of [a, b, a]) answered.push(await captureStatus(app, user));
    expect(answered).toEqual([429, 201, 429]);

    await saveRules(b, user, []);
    expect(await captureStatus(a, user)).toBe(200);
  });
});
