/** Captures judged by the session's contracts when they arrive: the verdict is stored and searchable. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';

const orderSchema = {
  type: 'object',
  required: ['id', 'total'],
  properties: {
    id: { type: 'string' },
    total: { type: 'number', minimum: 0 },
    email: { type: 'string', format: 'email' },
  },
};

async function capture(app: FastifyInstance, user: SessionUser, path: string, body: string, headers = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/webhook/${user.sessionId}${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

async function events(app: FastifyInstance, user: SessionUser, q = ''): Promise<WebhookEvent[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/events?q=${encodeURIComponent(q)}`,
    headers: asUser(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookEvent[]>();
}

async function addContract(app: FastifyInstance, user: SessionUser, payload: object): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contracts',
    headers: asUser(user),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

describe.each(storageBackends)('contract verdicts on capture on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores pass, or fail with every violation, and finds them by contract:pass and contract:fail', async () => {
    const user = await createSession(app);
    const contractId = await addContract(app, user, {
      name: 'Orders',
      path: '/orders*',
      schema: orderSchema,
    });
    const passing = await capture(app, user, '/orders', '{"id": "o1", "total": 5}');
    const failing = await capture(
      app,
      user,
      '/orders/2',
      JSON.stringify({ total: -1, email: 'nope', note: 'x'.repeat(300) }),
    );
    const uncovered = await capture(app, user, '/other', '{"anything": true}');
    const byId = new Map((await events(app, user)).map((event) => [event.id, event]));
    expect(byId.get(passing)?.verdicts).toEqual({
      contract: { status: 'pass', contractId, contractName: 'Orders' },
    });
    expect(byId.get(failing)?.verdicts).toEqual({
      contract: {
        status: 'fail',
        contractId,
        contractName: 'Orders',
        violations: [
          {
            pointer: '/id',
            expected: 'a value (required)',
            actual: 'nothing',
            message: "/id must have required property 'id'",
          },
          { pointer: '/total', expected: 'must be >= 0', actual: '-1', message: '/total must be >= 0' },
          {
            pointer: '/email',
            expected: 'format email',
            actual: '"nope"',
            message: '/email must match format "email"',
          },
        ],
      },
    });
    expect(byId.get(uncovered)?.verdicts).toEqual({});
    expect((await events(app, user, 'contract:fail')).map((event) => event.id)).toEqual([failing]);
    expect((await events(app, user, 'contract:pass')).map((event) => event.id)).toEqual([passing]);
    expect((await events(app, user, 'contract:none')).map((event) => event.id)).toEqual([uncovered]);
  });

  it('the first contract in list order whose path and header match judges; a change applies at once', async () => {
    const user = await createSession(app);
    await addContract(app, user, {
      name: 'push',
      path: '/github',
      header: { name: 'X-GitHub-Event', value: 'push' },
      schema: { type: 'object', required: ['ref'] },
    });
    const anyGithub = await addContract(app, user, {
      name: 'any',
      path: '/github',
      schema: { type: 'object' },
    });
    const push = await capture(app, user, '/github', '{"zen": 1}', { 'x-github-event': 'push' });
    const ping = await capture(app, user, '/github', '{"zen": 1}', { 'x-github-event': 'ping' });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/contracts/${anyGithub}`,
      headers: asUser(user),
      payload: { name: 'any', path: '/github', schema: { type: 'object', required: ['hook'] } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const later = await capture(app, user, '/github', '{"zen": 1}', { 'x-github-event': 'ping' });
    const byId = new Map((await events(app, user)).map((event) => [event.id, event]));
    expect(byId.get(push)?.verdicts.contract).toMatchObject({ status: 'fail', contractName: 'push' });
    expect(byId.get(ping)?.verdicts.contract).toMatchObject({ status: 'pass', contractName: 'any' });
    expect(byId.get(later)?.verdicts.contract).toMatchObject({
      status: 'fail',
      violations: [{ pointer: '/hook' }],
    });
  });

  it('bodies that are not JSON get no verdict', async () => {
    const user = await createSession(app);
    await addContract(app, user, { name: 'all', schema: { type: 'object' } });
    const text = await capture(app, user, '/x', 'plain text', { 'content-type': 'text/plain' });
    const broken = await capture(app, user, '/x', '{"unterminated": ');
    const byId = new Map((await events(app, user)).map((event) => [event.id, event]));
    expect(byId.get(text)?.verdicts).toEqual({});
    expect(byId.get(broken)?.verdicts).toEqual({});
  });
});
