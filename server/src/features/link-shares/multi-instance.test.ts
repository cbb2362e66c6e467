/**
 * Three instances on one PostgreSQL schema and one (private) Redis: an analytics link made on one
 * works on every instance, and once revoked on another it answers 410 on all of them at once, for
 * the API and the page. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { freePort, startRedis, type RedisProcess } from '../../../test/processes.js';
import { createLink, visit } from '../short-links/test-helpers.js';
import { createLinkShare } from './test-helpers.js';

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('analytics links across instances', () => {
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
    const link = await createLink(first, owner, 'https://example.com/numbers', { tags: ['team'] });
    await visit(first, link.id);
    const byLink = await createLinkShare(first, owner, { linkId: link.id });
    const byTag = await createLinkShare(first, owner, { tag: 'team' });
    for (const { token } of [byLink, byTag]) {
      expect(await statusesOf(`/api/shared/links/${token}`)).toEqual([200, 200, 200]);
      expect(await statusesOf(`/shared/links/${token}`)).toEqual([200, 200, 200]);
    }

    for (const { id } of [byLink, byTag]) {
      const revoked = await second.inject({
        method: 'DELETE',
        url: `/api/link-shares/${id}`,
        headers: asUser(owner),
      });
      expect(revoked.statusCode).toBe(200);
    }
    // No wait between the revocations' answers and these calls.
    for (const { token } of [byLink, byTag]) {
      expect(await statusesOf(`/api/shared/links/${token}`)).toEqual([410, 410, 410]);
      expect(await statusesOf(`/shared/links/${token}`)).toEqual([410, 410, 410]);
    }
  });
});
