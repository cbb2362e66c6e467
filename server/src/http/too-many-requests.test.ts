/** Every 429 the server can answer says in Retry-After how long to wait. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTIONS_PER_HOUR } from '../../../shared/suggestions.js';
import { buildTestApp } from '../../test/app.js';
import { asUser, createSession } from '../../test/factories.js';

function expectRetryAfterWithin(response: LightMyRequestResponse, windowSeconds: number): void {
  expect(response.statusCode).toBe(429);
  expect(typeof response.json<{ error: unknown }>().error).toBe('string');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('429 answers', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ sessionsPerMinute: 1 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a new session past the per-minute limit carries Retry-After (at most 60 s)', async () => {
    const remoteAddress = '192.0.2.1';
    const post = () => app.inject({ method: 'POST', url: '/api/user', payload: {}, remoteAddress });
    expect((await post()).statusCode).toBe(200);
    expectRetryAfterWithin(await post(), 60);
  });

  it('a suggestion past the hourly limit carries Retry-After: about an hour after the first one', async () => {
    const user = await createSession(app);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/suggestions',
        headers: asUser(user),
        payload: { title: 't', description: 'd', category: 'general', email: '' },
      });
    for (let index = 0; index < SUGGESTIONS_PER_HOUR; index += 1) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expectRetryAfterWithin(refused, 3600);
    // The slot frees when the first of the hour's suggestions turns an hour old, not sooner.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });
});
