import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { fuzzRoutes } from '../../test/fuzz.js';

describe('hostile input on every route', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('never answers 5xx, always says what was wrong in JSON, and keeps serving', async () => {
    await fuzzRoutes(app, 3000);
  }, 120_000);
});
