/**
 * The sender's pick: with `allowPick: true`, X-Hookbay-Status / hookbay_status choose the status
 * and X-Hookbay-Response / hookbay_response choose the response; without it they change nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listEvents } from '../webhooks/test-captures.js';

async function withRules(app: FastifyInstance, rules: ResponseRuleInput[]): Promise<SessionUser> {
  const user = await createSession(app);
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/responses',
    headers: asUser(user),
    payload: { rules },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

function send(app: FastifyInstance, user: SessionUser, query = '', headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/webhook/${user.sessionId}/pay${query ? `?${query}` : ''}`,
    headers,
    payload: '{}',
  });
}

const pickable: ResponseRuleInput = {
  allowPick: true,
  responses: [
    { status: 200, body: 'first' },
    { status: 202, body: 'second', headers: { 'Content-Type': 'application/json' } },
    { fault: 'reset' },
  ],
};

describe.each(storageBackends)("the sender's pick on $name", ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('X-Hookbay-Status picks the status, the body stays, and the event records it', async () => {
    const user = await withRules(app, [pickable]);
    const response = await send(app, user, '', { 'x-hookbay-status': '503' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('first');
    const [event] = await listEvents(app, user);
    expect(event?.response).toEqual({ status: 503, source: 'rule', rule: 1 });
    expect(event?.headers['x-hookbay-status']).toBe('503');
  });

  it('hookbay_status in the query picks the status; the header wins over it', async () => {
    const user = await withRules(app, [pickable]);
    expect((await send(app, user, 'hookbay_status=429')).statusCode).toBe(429);
    expect((await send(app, user, 'hookbay_status=429', { 'X-Hookbay-Status': '500' })).statusCode).toBe(500);
  });

  it('X-Hookbay-Response and hookbay_response pick the response by its number from 1', async () => {
    const user = await withRules(app, [pickable]);
    const second = await send(app, user, '', { 'X-Hookbay-Response': '2' });
    expect([second.statusCode, second.body, second.headers['content-type']]).toEqual([
      202,
      'second',
      'application/json',
    ]);
    const both = await send(app, user, 'hookbay_response=2&hookbay_status=201');
    expect([both.statusCode, both.body]).toEqual([201, 'second']);
  });

  it('a picked status replaces a fault with an empty answer of that status', async () => {
    const user = await withRules(app, [pickable]);
    const response = await send(app, user, 'hookbay_response=3&hookbay_status=504');
    expect([response.statusCode, response.body]).toEqual([504, '']);
    const [event] = await listEvents(app, user);
    expect(event?.response).toEqual({ status: 504, source: 'rule', rule: 1 });
  });

  it('picks outside 100-599 or past the last response are ignored', async () => {
    const user = await withRules(app, [pickable]);
    const outside = await send(app, user, 'hookbay_status=600&hookbay_response=9');
    expect([outside.statusCode, outside.body]).toEqual([200, 'first']);
    const words = await send(app, user, '', { 'x-hookbay-status': 'teapot', 'x-hookbay-response': '0' });
    // The second matching request: the sequence goes on when nothing valid was picked.
    expect([words.statusCode, words.body]).toEqual([202, 'second']);
  });

  it('a rule without allowPick ignores the pick', async () => {
    const user = await withRules(app, [{ ...pickable, allowPick: undefined }]);
    const response = await send(app, user, 'hookbay_response=2', { 'x-hookbay-status': '503' });
    expect([response.statusCode, response.body]).toEqual([200, 'first']);
  });

  it('refuses an allowPick that is not true or false', async () => {
    const user = await createSession(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/responses',
      headers: asUser(user),
      payload: { rules: [{ allowPick: 'yes', responses: [{ status: 200 }] }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'rules[0].allowPick: allowPick must be true or false.' });
  });
});
