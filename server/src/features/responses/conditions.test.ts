/**
 * Rules with conditions on headers, query parameters and JSON body fields: each operator through
 * real captures, and the refusal at save of conditions that cannot be used.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleCondition } from '../../../../shared/response-conditions.js';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listEvents } from '../webhooks/test-captures.js';

function putRules(app: FastifyInstance, user: SessionUser, rules: ResponseRuleInput[]) {
  return app.inject({ method: 'PUT', url: '/api/responses', headers: asUser(user), payload: { rules } });
}

/** One rule answering 201 "matched" when its conditions hold; every other capture gets the default 200. */
async function ruleWith(app: FastifyInstance, conditions: RuleCondition[]): Promise<SessionUser> {
  const user = await createSession(app);
  const saved = await putRules(app, user, [{ conditions, responses: [{ status: 201, body: 'matched' }] }]);
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

async function statusOf(
  app: FastifyInstance,
  user: SessionUser,
  request: { query?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/webhook/${user.sessionId}/hook${request.query ? `?${request.query}` : ''}`,
    headers: request.headers,
    payload: request.body ?? '',
  });
  return response.statusCode;
}

describe.each(storageBackends)('rule conditions on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('header equals, with the name in any case; the event records which rule answered', async () => {
    const user = await ruleWith(app, [{ field: 'header.X-GitHub-Event', op: 'equals', value: 'push' }]);
    expect(await statusOf(app, user, { headers: { 'x-github-event': 'push' } })).toBe(201);
    expect(await statusOf(app, user, { headers: { 'X-GITHUB-EVENT': 'pull_request' } })).toBe(200);
    expect(await statusOf(app, user)).toBe(200);
    const events = await listEvents(app, user);
    expect(events.map((event) => event.response).reverse()).toEqual([
      { status: 201, source: 'rule', rule: 1 },
      { status: 200, source: 'default' },
      { status: 200, source: 'default' },
    ]);
  });

  it('header exists and header matches', async () => {
    const exists = await ruleWith(app, [{ field: 'header.x-signature', op: 'exists' }]);
    expect(await statusOf(app, exists, { headers: { 'X-Signature': '' } })).toBe(201);
    expect(await statusOf(app, exists)).toBe(200);
    const matches = await ruleWith(app, [
      { field: 'header.user-agent', op: 'matches', value: '^Stripe/1\\.' },
    ]);
    expect(
      await statusOf(app, matches, { headers: { 'user-agent': 'Stripe/1.0 (+https://stripe.com)' } }),
    ).toBe(201);
    expect(await statusOf(app, matches, { headers: { 'user-agent': 'curl/8.0' } })).toBe(200);
  });

  it('query exists, equals (decoded) and matches', async () => {
    const exists = await ruleWith(app, [{ field: 'query.retry', op: 'exists' }]);
    expect(await statusOf(app, exists, { query: 'retry' })).toBe(201);
    expect(await statusOf(app, exists, { query: 'other=1' })).toBe(200);
    const equals = await ruleWith(app, [{ field: 'query.hub.mode', op: 'equals', value: 'sub scribe' }]);
    expect(await statusOf(app, equals, { query: 'hub.mode=sub%20scribe' })).toBe(201);
    expect(await statusOf(app, equals, { query: 'hub.mode=unsubscribe' })).toBe(200);
    const matches = await ruleWith(app, [{ field: 'query.id', op: 'matches', value: '^\\d+$' }]);
    expect(await statusOf(app, matches, { query: 'id=42' })).toBe(201);
    expect(await statusOf(app, matches, { query: 'id=4x2' })).toBe(200);
  });

  it('body field equals: strings as they are, numbers and booleans as JSON', async () => {
    const user = await ruleWith(app, [
      { field: 'body.action', op: 'equals', value: 'opened' },
      { field: 'body.pull_request.commits[0].count', op: 'equals', value: '3' },
    ]);
    const body = (action: string, count: number) =>
      JSON.stringify({ action, pull_request: { commits: [{ count }] } });
    expect(await statusOf(app, user, { body: body('opened', 3) })).toBe(201);
    expect(await statusOf(app, user, { body: body('opened', 4) })).toBe(200);
    expect(await statusOf(app, user, { body: body('closed', 3) })).toBe(200);
  });

  it('body field contains: text within a string, or an item of a list', async () => {
    const text = await ruleWith(app, [{ field: 'body.message', op: 'contains', value: 'deploy' }]);
    expect(await statusOf(app, text, { body: '{"message":"please deploy now"}' })).toBe(201);
    expect(await statusOf(app, text, { body: '{"message":"hello"}' })).toBe(200);
    const list = await ruleWith(app, [{ field: 'body.labels', op: 'contains', value: 'urgent' }]);
    expect(await statusOf(app, list, { body: '{"labels":["bug","urgent"]}' })).toBe(201);
    expect(await statusOf(app, list, { body: '{"labels":["bug","urgently"]}' })).toBe(200);
  });

  it('body field matches and exists; null exists, a missing field does not', async () => {
    const matches = await ruleWith(app, [{ field: 'body.ref', op: 'matches', value: '^refs/tags/v\\d' }]);
    expect(await statusOf(app, matches, { body: '{"ref":"refs/tags/v1.2"}' })).toBe(201);
    expect(await statusOf(app, matches, { body: '{"ref":"refs/heads/main"}' })).toBe(200);
    const exists = await ruleWith(app, [{ field: 'body.data["object.id"]', op: 'exists' }]);
    expect(await statusOf(app, exists, { body: '{"data":{"object.id":null}}' })).toBe(201);
    expect(await statusOf(app, exists, { body: '{"data":{}}' })).toBe(200);
  });

  it('a body that is not JSON fails every body condition', async () => {
    const user = await ruleWith(app, [{ field: 'body.a', op: 'exists' }]);
    expect(await statusOf(app, user, { body: 'a=1&b=2' })).toBe(200);
    expect(await statusOf(app, user, { body: '{"a":1' })).toBe(200);
    expect(await statusOf(app, user, { body: '{"a":1}' })).toBe(201);
  });

  it('all conditions must hold; the next rule answers otherwise', async () => {
    const user = await createSession(app);
    const saved = await putRules(app, user, [
      {
        conditions: [
          { field: 'header.x-github-event', op: 'equals', value: 'push' },
          { field: 'body.ref', op: 'equals', value: 'refs/heads/main' },
        ],
        responses: [{ status: 202 }],
      },
      { responses: [{ status: 418 }] },
    ]);
    expect(saved.statusCode).toBe(200);
    const push = { 'x-github-event': 'push' };
    expect(await statusOf(app, user, { headers: push, body: '{"ref":"refs/heads/main"}' })).toBe(202);
    expect(await statusOf(app, user, { headers: push, body: '{"ref":"refs/heads/dev"}' })).toBe(418);
    expect(await statusOf(app, user, { body: '{"ref":"refs/heads/main"}' })).toBe(418);
  });

  it('conditions are stored and read back as saved', async () => {
    const conditions: RuleCondition[] = [
      { field: 'header.X-GitHub-Event', op: 'equals', value: 'push' },
      { field: 'body.a.b[0]', op: 'exists' },
    ];
    const user = await ruleWith(app, conditions);
    const read = await app.inject({ method: 'GET', url: '/api/responses', headers: asUser(user) });
    expect(read.json().rules[0].conditions).toEqual(conditions);
  });

  it.each([
    [
      { field: 'body.a', op: 'matches', value: '(' },
      'rules[0].conditions[0].value: This is not a regular expression',
    ],
    [
      { field: 'header.x', op: 'matches', value: `${'a'.repeat(201)}` },
      'rules[0].conditions[0].value: A regular expression may be at most 200 characters.',
    ],
    [{ field: 'cookie.x', op: 'exists' }, 'rules[0].conditions[0].field: The field must be header.NAME'],
    [{ field: 'body.a', op: 'equals' }, 'rules[0].conditions[0].value: equals needs a value.'],
    [
      { field: 'query.a', op: 'contains', value: 'x' },
      'rules[0].conditions[0].op: contains works on body fields',
    ],
    [{ field: 'body.a', op: 'near', value: 'x' }, 'rules[0].conditions[0].op: op must be exists, equals'],
  ])('refuses %j with 400 naming the condition', async (condition, message) => {
    const user = await createSession(app);
    const conditions = [condition] as unknown as RuleCondition[];
    const response = await putRules(app, user, [{ conditions, responses: [{ status: 200 }] }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it('refuses an eleventh condition', async () => {
    const user = await createSession(app);
    const conditions = Array.from({ length: 11 }, () => ({ field: 'body.a', op: 'exists' as const }));
    const response = await putRules(app, user, [{ conditions, responses: [{ status: 200 }] }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'rules[0].conditions: A rule may have at most 10 conditions.' });
  });
});
