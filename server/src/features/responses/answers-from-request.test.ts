/** Scripted responses whose status, headers and body are made from the captured request. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseRuleInput } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { listEvents } from '../webhooks/test-captures.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('answers built from the request', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function userWithRules(rules: ResponseRuleInput[]): Promise<SessionUser> {
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

  function capture(
    user: SessionUser,
    options: {
      method?: 'GET' | 'POST';
      path?: string;
      headers?: Record<string, string>;
      payload?: string;
    } = {},
  ) {
    return app.inject({
      method: options.method ?? 'POST',
      url: `/webhook/${user.sessionId}${options.path ?? ''}`,
      headers: options.headers,
      payload: options.payload,
    });
  }

  it('answers Slack’s url_verification with its challenge', async () => {
    const user = await userWithRules([
      {
        method: 'POST',
        responses: [{ status: 200, headers: JSON_TYPE, body: '{"challenge": "{{body.challenge}}"}' }],
      },
    ]);
    const response = await capture(user, {
      path: '/slack/events',
      headers: JSON_TYPE,
      payload: JSON.stringify({
        token: 't',
        challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
        type: 'url_verification',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' });
  });

  it('answers Meta’s hub.challenge, the dotted name read whole or as a path', async () => {
    const user = await userWithRules([
      { path: '/whole', responses: [{ status: 200, body: '{{query["hub.challenge"]}}' }] },
      { path: '/dotted', responses: [{ status: 200, body: '{{query.hub.challenge}}' }] },
    ]);
    const query = '?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=meatyhamhock';
    for (const path of ['/whole', '/dotted']) {
      const response = await capture(user, { method: 'GET', path: `${path}${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('1158201444');
    }
  });

  it('answers Dropbox’s challenge as text, not sniffed', async () => {
    const user = await userWithRules([
      {
        method: 'GET',
        responses: [
          {
            status: 200,
            headers: { 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff' },
            body: '{{query.challenge}}',
          },
        ],
      },
    ]);
    const response = await capture(user, { method: 'GET', path: '?challenge=b5Vv%2Bq' });
    expect(response.body).toBe('b5Vv+q');
    expect(response.headers['content-type']).toBe('text/plain');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('makes the status and headers from the request; uuid and now are fresh; missing values are empty', async () => {
    const user = await userWithRules([
      {
        responses: [
          {
            status: '{{ query.status | default: 201 }}',
            headers: { 'X-Echo': '{{ header.x-delivery }}', 'X-Id': '{{uuid}}' },
            body: '{{method}} {{path}} {{now}} [{{ header.missing }}{{ body.missing }}]',
          },
        ],
      },
    ]);
    const first = await capture(user, {
      path: '/orders?status=202',
      headers: { 'X-DELIVERY': 'd-1' },
      payload: 'x',
    });
    expect(first.statusCode).toBe(202);
    expect(first.headers['x-echo']).toBe('d-1');
    expect(first.headers['x-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const [method, path, now, missing] = first.body.split(' ');
    expect([method, path, missing]).toEqual(['POST', '/orders', '[]']);
    expect(new Date(now ?? '').toISOString()).toBe(now);
    const second = await capture(user, { path: '/orders' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['x-id']).not.toBe(first.headers['x-id']);
    const events = await listEvents(app, user);
    expect(events.map((event) => event.response.status)).toEqual([201, 202]);
  });

  it('a status that is not 100-599 answers 500 saying why, and the event records the 500', async () => {
    const user = await userWithRules([{ responses: [{ status: '{{ query.code }}', body: 'never sent' }] }]);
    const response = await capture(user, { path: '/?code=abc' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error:
        'Rule 1 could not make its answer. The status template gave "abc", not a number from 100 to 599.',
    });
    const [event] = await listEvents(app, user);
    expect(event?.response).toEqual({ status: 500, source: 'rule', rule: 1 });
  });

  it('a header value with a line break answers 500 instead of splitting the head', async () => {
    const user = await userWithRules([
      { responses: [{ status: 200, headers: { 'X-Next': '{{ query.next }}' } }] },
    ]);
    const response = await capture(user, { path: '/?next=a%0D%0ASet-Cookie:%20hookbay_session=x' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json<{ error: string }>().error).toContain('X-Next header');
  });

  it('reaches nothing but the request', async () => {
    const user = await userWithRules([
      {
        responses: [
          {
            status: 200,
            body: '[{{ body.constructor }}{{ body.a.constructor }}{{ body.__proto__ }}{{ header.constructor }}{{ query.constructor.name }}{{ constructor }}{{ process }}{{ globalThis }}]',
          },
        ],
      },
    ]);
    const response = await capture(user, { headers: JSON_TYPE, payload: '{"a":{"b":1}}' });
    expect(response.body).toBe('[]');
  });

  it('a rule without templates is sent as written, braces and all', async () => {
    const user = await userWithRules([{ responses: [{ status: 200, body: 'a } b { c }}' }] }]);
    expect((await capture(user)).body).toBe('a } b { c }}');
  });
});
