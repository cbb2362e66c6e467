import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseRule } from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';

const ok = { status: 200 };

function putRules(app: FastifyInstance, user: SessionUser | null, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/responses',
    headers: user ? asUser(user) : {},
    payload: payload as object,
  });
}

async function getRules(app: FastifyInstance, user: SessionUser): Promise<ResponseRule[]> {
  const response = await app.inject({ method: 'GET', url: '/api/responses', headers: asUser(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ rules: ResponseRule[] }>().rules;
}

function expectError(response: LightMyRequestResponse, status: number, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ error: message });
}

describe.each(storageBackends)('scripted response rules API on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a new session has no rules', async () => {
    const user = await createSession(app);
    expect(await getRules(app, user)).toEqual([]);
  });

  it('saving answers the stored rules with the defaults filled in, and GET gives them back', async () => {
    const user = await createSession(app);
    const saved = await putRules(app, user, {
      rules: [
        { method: 'post', path: '/github/*', responses: [{ status: 500 }, { status: 200, body: 'ok' }] },
        { responses: [{ status: 429, headers: { 'Retry-After': '30' }, delayMs: 100 }], then: 'cycle' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: ResponseRule[] = [
      {
        method: 'POST',
        path: '/github/*',
        responses: [
          { status: 500, headers: {}, body: '', delayMs: 0 },
          { status: 200, headers: {}, body: 'ok', delayMs: 0 },
        ],
        then: 'repeat-last',
      },
      {
        method: '*',
        path: '*',
        responses: [{ status: 429, headers: { 'Retry-After': '30' }, body: '', delayMs: 100 }],
        then: 'cycle',
      },
    ];
    expect(saved.json()).toEqual({ rules: expected });
    expect(await getRules(app, user)).toEqual(expected);
  });

  it('saving replaces every rule; an empty list removes them all', async () => {
    const user = await createSession(app);
    await putRules(app, user, { rules: [{ responses: [{ status: 500 }] }, { responses: [ok] }] });
    await putRules(app, user, { rules: [{ path: '/only', responses: [{ status: 404 }] }] });
    expect((await getRules(app, user)).map((rule) => rule.path)).toEqual(['/only']);
    const cleared = await putRules(app, user, { rules: [] });
    expect(cleared.json()).toEqual({ rules: [] });
    expect(await getRules(app, user)).toEqual([]);
  });

  it('each session sees only its own rules', async () => {
    const owner = await createSession(app);
    const other = await createSession(app);
    await putRules(app, owner, { rules: [{ responses: [{ status: 418 }] }] });
    expect(await getRules(app, other)).toEqual([]);
  });

  it('without a session both calls answer 401', async () => {
    const message = 'A valid session is required. Reload the page to start one.';
    expectError(await app.inject({ method: 'GET', url: '/api/responses' }), 401, message);
    expectError(await putRules(app, null, { rules: [] }), 401, message);
  });

  describe('refuses invalid rules with 400, naming the field, and changes nothing', () => {
    const headers = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`X-Header-${index}`, 'v']));
    it.each([
      ['a body that is not {"rules": [...]}', ['x'], 'Send {"rules": [...]}.'],
      [
        'too many rules',
        { rules: Array.from({ length: 51 }, () => ({ responses: [ok] })) },
        'rules: At most 50 rules.',
      ],
      [
        'a rule without responses',
        { rules: [{ responses: [] }] },
        'rules[0].responses: A rule needs at least one response.',
      ],
      [
        'too many responses',
        { rules: [{ responses: Array.from({ length: 21 }, () => ok) }] },
        'rules[0].responses: A rule may have at most 20 responses.',
      ],
      [
        'a bad status',
        { rules: [{ responses: [ok] }, { responses: [ok] }, { responses: [ok, { status: 600 }] }] },
        'rules[2].responses[1].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
      ],
      [
        'too many headers',
        { rules: [{ responses: [{ status: 200, headers: headers(21) }] }] },
        'rules[0].responses[0].headers: At most 20 headers.',
      ],
      [
        'a hop-by-hop header',
        { rules: [{ responses: [{ status: 200, headers: { 'Transfer-Encoding': 'chunked' } }] }] },
        'rules[0].responses[0].headers.Transfer-Encoding: Transfer-Encoding is a hop-by-hop header and cannot be set.',
      ],
      [
        'a Content-Length header',
        { rules: [{ responses: [{ status: 200, headers: { 'content-length': '3' } }] }] },
        'rules[0].responses[0].headers.content-length: Content-Length is computed from the body and cannot be set.',
      ],
      [
        'a body over 64 KiB',
        { rules: [{ responses: [{ status: 200, body: 'x'.repeat(64 * 1024 + 1) }] }] },
        'rules[0].responses[0].body: The body may be at most 64 KiB.',
      ],
      [
        'a delay over 30000 ms',
        { rules: [{ responses: [{ status: 200, delayMs: 30_001 }] }] },
        'rules[0].responses[0].delayMs: The delay must be from 0 to 30000 ms.',
      ],
      [
        'a bad glob',
        { rules: [{ path: 'no-slash', responses: [ok] }] },
        'rules[0].path: The path must start with / or *, with no spaces, ? or #, for example /github/*.',
      ],
      [
        'a bad method',
        { rules: [{ method: 'GET,POST', responses: [ok] }] },
        'rules[0].method: The method must be * or one HTTP method, such as POST.',
      ],
      [
        'a bad then',
        { rules: [{ then: 'stop', responses: [ok] }] },
        'rules[0].then: then must be repeat-last or cycle.',
      ],
      [
        'a template that would include a file',
        { rules: [{ responses: [{ status: 200, body: '{% include "/etc/passwd" %}' }] }] },
        'rules[0].responses[0].body: Only {{ … }} expressions can be used, no {% … %} tags (tag "include" not found, line:1, col:1).',
      ],
      [
        'a template that cannot be read',
        { rules: [{ responses: [ok, { status: '{{ query.code ', body: 'x' }] }] },
        'rules[0].responses[1].status: This template cannot be read: output "{{ query.code " not closed, line:1, col:1.',
      ],
      [
        'a fault that is not one',
        { rules: [{ responses: [{ fault: 'explode' }] }] },
        'rules[0].responses[0].fault: fault must be reset, close or timeout.',
      ],
      [
        'a chance over 100',
        { rules: [{ responses: [ok], chance: 150, seed: 1 }] },
        'rules[0].chance: The chance must be a percentage from 0 to 100.',
      ],
    ])('%s', async (_name, payload, message) => {
      const user = await createSession(app);
      const before = { rules: [{ path: '/kept', responses: [{ status: 202 }] }] };
      expect((await putRules(app, user, before)).statusCode).toBe(200);
      expectError(await putRules(app, user, payload), 400, message);
      expect((await getRules(app, user)).map((rule) => rule.path)).toEqual(['/kept']);
    });
  });
});
