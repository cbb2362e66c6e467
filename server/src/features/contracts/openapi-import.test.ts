import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../../../shared/contracts.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';

/** An OpenAPI 3.0 document of `count` operations, each with a JSON body of its own component (about 1 KB each). */
function largeDocument(count: number, withResponses: boolean) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    schemas[`Thing${i}`] = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, note: { type: 'string', description: 'x'.repeat(200) } },
    };
    paths[`/things${i}/{id}`] = {
      post: {
        operationId: `thing${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } },
        },
        ...(withResponses ? { responses: { 200: { description: 'ok' } } } : {}),
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Things', version: '1' }, paths, components: { schemas } };
}

describe('importing a large OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('an invalid one of about 400 KB answers 400 naming its first problem and its line', async () => {
    const user = await createSession(app);
    const document = JSON.stringify(largeDocument(400, false), null, 2);
    expect(document.length).toBeGreaterThan(400_000);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contracts/openapi',
      headers: asUser(user),
      payload: { document },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringMatching(
        /^document: must have required property 'responses' \(line \d+: responses is missing here!\)$/,
      ),
    });
  }, 120_000);

  it('each contract carries only the components it reaches', async () => {
    const user = await createSession(app);
    const document = largeDocument(3, true);
    document.components.schemas.Thing1 = {
      type: 'object',
      properties: { parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } } },
    };
    Object.assign(document.components.schemas, { Part: { type: 'string' }, Unused: { type: 'number' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/contracts/openapi',
      headers: asUser(user),
      payload: { document: JSON.stringify(document) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { contracts } = response.json<{ contracts: Contract[] }>();
    const components = (contract: Contract) => contract.schema.components as { schemas: object };
    expect(contracts.map((contract) => Object.keys(components(contract).schemas).sort())).toEqual([
      ['Thing0'],
      ['Part', 'Thing1'],
      ['Thing2'],
    ]);
  });
});
