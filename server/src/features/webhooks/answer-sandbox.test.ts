import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { SANDBOX_POLICY } from './answer-sandbox.js';

describe('what a webhook URL answers is sandboxed', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ captureMaxBytes: 16 });
  });
  afterAll(async () => {
    await app.close();
  });

  function policiesOf(headers: Record<string, unknown>): string[] {
    const value = headers['content-security-policy'];
    return value === undefined ? [] : [value].flat().map(String);
  }

  function expectSandboxed(response: { headers: Record<string, unknown> }): void {
    expect(policiesOf(response.headers)).toContain(SANDBOX_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  }

  it('the default answer, an unknown session and an oversize body all carry the sandbox policy', async () => {
    const user = await createSession(app);
    const answered = await app.inject({ method: 'POST', url: `/webhook/${user.sessionId}`, payload: 'hi' });
    expect(answered.statusCode).toBe(200);
    expectSandboxed(answered);

    const unknown = await app.inject({ method: 'GET', url: `/webhook/${randomUUID()}/page` });
    expect(unknown.statusCode).toBe(404);
    expectSandboxed(unknown);

    const oversize = await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}`,
      payload: 'x'.repeat(64),
    });
    expect(oversize.statusCode).toBe(413);
    expectSandboxed(oversize);
  });

  it('a scripted answer keeps its own policy, and the sandbox is enforced beside it', async () => {
    const user = await createSession(app);
    const ownPolicy = "default-src *; script-src 'unsafe-inline'";
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/responses',
      headers: asUser(user),
      payload: {
        rules: [
          {
            method: '*',
            path: '*',
            responses: [
              {
                status: 200,
                headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': ownPolicy },
                body: '<script>alert(1)</script>',
              },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const answered = await app.inject({ method: 'GET', url: `/webhook/${user.sessionId}/page` });
    expect(answered.headers['content-type']).toBe('text/html');
    expect(answered.body).toBe('<script>alert(1)</script>');
    expect(policiesOf(answered.headers)).toEqual([ownPolicy, SANDBOX_POLICY]);
  });

  it.each(['Set-Cookie', 'Clear-Site-Data'])(
    'a rule that would send %s is refused with 400 and nothing is saved',
    async (name) => {
      const user = await createSession(app);
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/responses',
        headers: asUser(user),
        payload: {
          rules: [{ method: '*', path: '*', responses: [{ status: 200, headers: { [name]: 'x=1' } }] }],
        },
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json<{ error: string }>().error).toContain(
        `${name} would act on Hookbay's own cookies or storage in a visitor's browser and cannot be set.`,
      );
      const rules = await app.inject({ method: 'GET', url: '/api/responses', headers: asUser(user) });
      expect(rules.json()).toEqual({ rules: [] });
    },
  );
});
