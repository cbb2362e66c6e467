import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTRACTS, type Contract } from '../../../../shared/contracts.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asKey, privateSession } from '../access/test-helpers.js';

const orderSchema = {
  type: 'object',
  required: ['id', 'total'],
  properties: { id: { type: 'string' }, total: { type: 'number', minimum: 0 } },
};

function send(
  app: FastifyInstance,
  user: SessionUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: user ? asUser(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function expectError(response: LightMyRequestResponse, status: number, message: string | RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { error } = response.json<{ error: string }>();
  if (typeof message === 'string') expect(error).toBe(message);
  else expect(error).toMatch(message);
}

async function addContract(app: FastifyInstance, user: SessionUser, body: object): Promise<Contract> {
  const response = await send(app, user, 'POST', '/api/contracts', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Contract>();
}

const petstore = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets/{petId}': {
      put: {
        operationId: 'updatePet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, tag: { type: 'string', nullable: true } },
      },
    },
  },
};

const webhooksYaml = `openapi: 3.1.0
info:
  title: Shop
  version: "1"
webhooks:
  order.paid:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [orderId]
              properties:
                orderId: { type: string, format: uuid }
      responses:
        "200":
          description: ok
`;

describe.each(storageBackends)('contracts API on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a new session has no contracts; an added one is listed with its defaults', async () => {
    const user = await createSession(app);
    expect((await send(app, user, 'GET', '/api/contracts')).json()).toEqual({ contracts: [] });
    const added = await addContract(app, user, {
      name: 'GitHub push',
      path: '/github/*',
      header: { name: 'X-GitHub-Event', value: 'push' },
      schema: orderSchema,
    });
    expect(added).toMatchObject({
      name: 'GitHub push',
      path: '/github/*',
      method: '*',
      header: { name: 'X-GitHub-Event', value: 'push' },
      schema: orderSchema,
      source: 'schema',
    });
    const listed = await send(app, user, 'GET', '/api/contracts');
    expect(listed.json<{ contracts: Contract[] }>().contracts).toEqual([added]);
  });

  it('changing a contract keeps its place; deleting removes it; unknown ids answer 404', async () => {
    const user = await createSession(app);
    const first = await addContract(app, user, { name: 'one', schema: orderSchema });
    const second = await addContract(app, user, { name: 'two', schema: { type: 'array' } });
    const changed = await send(app, user, 'PUT', `/api/contracts/${first.id}`, {
      name: 'one, renamed',
      path: '/orders',
      method: 'post',
      schema: { type: 'object' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: first.id,
      name: 'one, renamed',
      path: '/orders',
      method: 'POST',
    });
    const names = (await send(app, user, 'GET', '/api/contracts')).json<{ contracts: Contract[] }>();
    expect(names.contracts.map((contract) => contract.name)).toEqual(['one, renamed', 'two']);
    expect((await send(app, user, 'DELETE', `/api/contracts/${second.id}`)).json()).toEqual({ ok: true });
    expectError(
      await send(app, user, 'DELETE', `/api/contracts/${second.id}`),
      404,
      'No contract with this id in this session.',
    );
    expectError(
      await send(app, user, 'PUT', `/api/contracts/${second.id}`, { name: 'x', schema: {} }),
      404,
      'No contract with this id in this session.',
    );
  });

  it("another session's contract ids answer 404 and stay untouched", async () => {
    const owner = await createSession(app);
    const other = await createSession(app);
    const contract = await addContract(app, owner, { name: 'mine', schema: orderSchema });
    expectError(
      await send(app, other, 'DELETE', `/api/contracts/${contract.id}`),
      404,
      'No contract with this id in this session.',
    );
    expectError(
      await send(app, other, 'PUT', `/api/contracts/${contract.id}`, { name: 'theirs', schema: {} }),
      404,
      'No contract with this id in this session.',
    );
    expect((await send(app, other, 'GET', '/api/contracts')).json()).toEqual({ contracts: [] });
    const mine = (await send(app, owner, 'GET', '/api/contracts')).json<{ contracts: Contract[] }>();
    expect(mine.contracts.map((item) => item.name)).toEqual(['mine']);
  });

  it('a schema that does not compile answers 400 naming the place in the schema', async () => {
    const user = await createSession(app);
    expectError(
      await send(app, user, 'POST', '/api/contracts', {
        name: 'bad',
        schema: { type: 'object', properties: { total: { type: 'numbr' } } },
      }),
      400,
      /^schema\/properties\/total\/type: must be equal to one of the allowed values/,
    );
    expectError(
      await send(app, user, 'POST', '/api/contracts', {
        name: 'bad ref',
        schema: { $ref: '#/$defs/missing' },
      }),
      400,
      /^schema: can't resolve reference #\/\$defs\/missing/,
    );
    expect((await send(app, user, 'GET', '/api/contracts')).json()).toEqual({ contracts: [] });
  });

  it('remote references are refused: Hookbay fetches nothing', async () => {
    const user = await createSession(app);
    expectError(
      await send(app, user, 'POST', '/api/contracts', {
        name: 'remote',
        schema: { type: 'object', properties: { a: { $ref: 'http://127.0.0.1:9/a.json' } } },
      }),
      400,
      'schema/properties/a/$ref: "http://127.0.0.1:9/a.json" is a remote reference; Hookbay fetches nothing, so only references inside the document (starting with #) are allowed.',
    );
  });

  it('bad fields answer 400 naming the field', async () => {
    const user = await createSession(app);
    expectError(
      await send(app, user, 'POST', '/api/contracts', { name: 'x', path: 'no-slash', schema: {} }),
      400,
      /path.*The path must start with \/ or \*/,
    );
    expectError(
      await send(app, user, 'POST', '/api/contracts', { name: '', schema: {} }),
      400,
      /name.*must not be empty/,
    );
    expectError(await send(app, user, 'POST', '/api/contracts', { name: 'x', schema: [] }), 400, /schema/);
  });

  it('a schema over 1 MiB answers 400', async () => {
    const user = await createSession(app);
    const big = { type: 'object', description: 'x'.repeat(1024 * 1024) };
    expectError(
      await send(app, user, 'POST', '/api/contracts', { name: 'big', schema: big }),
      400,
      'schema: must be at most 1 MiB as JSON.',
    );
  });

  it(`a session keeps at most ${MAX_CONTRACTS} contracts`, { timeout: 90_000 }, async () => {
    const user = await createSession(app);
    for (let index = 0; index < MAX_CONTRACTS; index++) {
      await addContract(app, user, { name: `c${index}`, schema: { type: 'object' } });
    }
    expectError(
      await send(app, user, 'POST', '/api/contracts', { name: 'one more', schema: {} }),
      400,
      `contracts: a session keeps at most ${MAX_CONTRACTS} contracts; it has ${MAX_CONTRACTS}, this adds 1.`,
    );
  });

  it('an OpenAPI 3.0 document adds the JSON request body of each operation, with components', async () => {
    const user = await createSession(app);
    const response = await send(app, user, 'POST', '/api/contracts/openapi', {
      document: JSON.stringify(petstore),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { contracts } = response.json<{ contracts: Contract[] }>();
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({
      name: 'PUT /pets/{petId} (updatePet)',
      path: '/pets/*',
      method: 'PUT',
      source: 'openapi',
    });
    // nullable became a type union, and the reference travels with the contract.
    expect(contracts[0]?.schema).toMatchObject({
      $ref: '#/components/schemas/Pet',
      components: { schemas: { Pet: { properties: { tag: { type: ['string', 'null'] } } } } },
    });
  });

  it('an OpenAPI 3.1 document in YAML adds its webhooks, named after them', async () => {
    const user = await createSession(app);
    const response = await send(app, user, 'POST', '/api/contracts/openapi', { document: webhooksYaml });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ contracts: Contract[] }>().contracts).toMatchObject([
      { name: 'Webhook order.paid', path: '*', method: 'POST' },
    ]);
  });

  it('a document that does not parse, validate or stay inside itself answers 400 saying where', async () => {
    const user = await createSession(app);
    const importing = (document: string) => send(app, user, 'POST', '/api/contracts/openapi', { document });
    expectError(await importing('{"openapi": '), 400, /^document: is neither JSON nor YAML: /);
    expectError(
      await importing('{"swagger": "2.0"}'),
      400,
      'document/openapi: must be 3.0.x or 3.1.x (Swagger 2.0 is not read).',
    );
    const noVersion = { ...petstore, info: { title: 'Pets' } };
    expectError(
      await importing(JSON.stringify(noVersion, null, 2)),
      400,
      /^document: must have required property 'version' \(line 3: version is missing here!\)$/,
    );
    const remote = structuredClone(petstore);
    remote.paths['/pets/{petId}'].put.requestBody.content['application/json'].schema.$ref = './pet.yaml';
    expectError(
      await importing(JSON.stringify(remote)),
      400,
      'document/paths/~1pets~1{petId}/put/requestBody/content/application~1json/schema/$ref: "./pet.yaml" is a remote reference; Hookbay fetches nothing, so only references inside the document (starting with #) are allowed.',
    );
    expectError(
      await importing(JSON.stringify({ ...petstore, paths: {} })),
      400,
      'document: describes no JSON request body under paths or webhooks.',
    );
    expectError(
      await importing(`{"openapi": "3.1.0", "x": "${'y'.repeat(1024 * 1024)}"}`),
      400,
      'document: must be at most 1 MiB.',
    );
    expect((await send(app, user, 'GET', '/api/contracts')).json()).toEqual({ contracts: [] });
  });

  it('a private session needs its key', async () => {
    const { user, key } = await privateSession(app);
    expectError(await send(app, user, 'GET', '/api/contracts'), 401, /./);
    expectError(await send(app, user, 'POST', '/api/contracts', { name: 'x', schema: {} }), 401, /./);
    const withKey = await app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: asKey(key),
      payload: { name: 'x', schema: {} },
    });
    expect(withKey.statusCode, withKey.body).toBe(200);
  });

  it('without a session the routes answer 401', async () => {
    expectError(await send(app, null, 'GET', '/api/contracts'), 401, /./);
    expectError(await send(app, null, 'POST', '/api/contracts/openapi', { document: '{}' }), 401, /./);
  });
});
