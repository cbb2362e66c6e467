/**
 * Three instances on one PostgreSQL schema and one (private) Redis: a share link made on one
 * works on every instance, and once revoked on one it answers 410 on all of them at once, for the
 * API and the page. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { freePort, startRedis, type RedisProcess } from '../../../test/processes.js';
import { captureWithSecrets, createShare } from './test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('share links across instances', () => {
  let redis: RedisProcess;
  let instances: FastifyInstance[] = [];

  beforeAll(async () => {
    // Checked above by runIf; repeated so the types know.
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is needed');
    // A private Redis, so instances of other test files never take part in the messages.
    redis = await startRedis(await freePort());
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    instances = [];
    for (let index = 0; index < 3; index += 1) {
      const app = await buildApp(testConfig({ databaseUrl, redisUrl: redis.url }));
      await app.ready();
      instances.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of instances) await app.close();
    await redis.stop();
  }, 60_000);

  const statusesOf = (url: string) =>
    Promise.all(instances.map(async (app) => (await app.inject({ method: 'GET', url })).statusCode));

  it('made on one instance it reads on all; revoked on another it answers 410 on all at once', async () => {
    const [first, second] = instances as [FastifyInstance, FastifyInstance, FastifyInstance];
    const owner = await createSession(first);
    await captureWithSecrets(first, owner.sessionId);
    const { id, token } = await createShare(first, asUser(owner));
    expect(await statusesOf(`/api/shared/${token}/events`)).toEqual([200, 200, 200]);
    expect(await statusesOf(`/shared/${token}`)).toEqual([200, 200, 200]);

    const revoked = await second.inject({
      method: 'DELETE',
      url: `/api/shares/${id}`,
      headers: asUser(owner),
    });
    expect(revoked.statusCode).toBe(200);
    // No wait between the revocation's answer and these calls.
    expect(await statusesOf(`/api/shared/${token}/events`)).toEqual([410, 410, 410]);
    expect(await statusesOf(`/api/shared/${token}/export?format=har`)).toEqual([410, 410, 410]);
    expect(await statusesOf(`/shared/${token}`)).toEqual([410, 410, 410]);
  });
});
