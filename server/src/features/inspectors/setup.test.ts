import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewInspector } from '../../../../shared/inspectors.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { TOO_MANY_SESSIONS_MESSAGE } from '../sessions/sessions.routes.js';
import { NAME_TAKEN_MESSAGE } from './names.service.js';

const tag = (postgres: boolean) => `${process.pid}-${postgres ? 'pg' : 'sq'}`;

describe.each(storageBackends)('POST /api/inspectors on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(() => app.close());

  const create = (payload: object) => app.inject({ method: 'POST', url: '/api/inspectors', payload });

  it('makes a ready named inspector with its rules, lifetime and cap, and answers its URL', async () => {
    const name = `ci-run-${tag(postgres)}`;
    const response = await create({
      name,
      responses: [{ method: 'POST', responses: [{ status: 201, body: 'made' }] }],
      expiresIn: '2h',
      maxRequests: 100,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const made = response.json<NewInspector>();
    expect(made).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      webhookUrl: `http://localhost:80/webhook/${name}`,
      private: false,
      expiresAt: expect.any(String),
      maxRequests: 100,
      cors: true,
    });
    expect(Math.abs(Date.parse(made.expiresAt ?? '') - Date.now() - 2 * 3_600_000)).toBeLessThan(5000);

    const captured = await app.inject({ method: 'POST', url: `/webhook/${name}/build` });
    expect([captured.statusCode, captured.body]).toEqual([201, 'made']);
    await app.services.webhooks.flush();
    const events = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'x-session-id': made.sessionId },
    });
    expect(events.json<{ path: string }[]>().map((event) => event.path)).toEqual(['/build']);
  });

  it('with nothing asked, makes a plain inspector reachable by its session id', async () => {
    const made = (await create({})).json<NewInspector>();
    expect(made).toMatchObject({
      name: null,
      private: false,
      expiresAt: null,
      maxRequests: null,
      cors: true,
    });
    expect(made.webhookUrl).toBe(`http://localhost:80/webhook/${made.sessionId}`);
    expect(made.key).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: `/webhook/${made.sessionId}` })).statusCode).toBe(200);
  });

  it('a private inspector comes with its key: the id alone opens nothing, the key does', async () => {
    const made = (await create({ private: true })).json<NewInspector>();
    expect(made.private).toBe(true);
    expect(made.key).toMatch(/^hbk_/);
    const byId = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'x-session-id': made.sessionId },
    });
    expect(byId.statusCode).toBe(401);
    const byKey = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: `Bearer ${made.key}` },
    });
    expect(byKey.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/webhook/${made.sessionId}` })).statusCode).toBe(200);
  });

  it('a taken name answers 409 and makes no inspector; bad input answers 400 saying why', async () => {
    const name = `taken-${tag(postgres)}`;
    expect((await create({ name })).statusCode).toBe(201);
    const count = async () =>
      Number(
        (
          await app.database.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const taken = await create({ name, private: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: NAME_TAKEN_MESSAGE });
    expect(await count()).toBe(before);

    const bad = await create({ name: 'api' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { error: 'name: "api" is reserved; choose another name.' },
    ]);
    const badRules = await create({ responses: [{ responses: [{ status: 99 }] }] });
    expect(badRules.statusCode).toBe(400);
    expect(badRules.json<{ error: string }>().error).toMatch(/^responses\[0\]\.responses\[0\]\.status: /);
  });
});

describe('POST /api/inspectors and the limit on new sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ sessionsPerMinute: 1 });
  });
  afterAll(() => app.close());

  it('counts each inspector as a new session', async () => {
    const remoteAddress = '198.51.100.30';
    const first = await app.inject({ method: 'POST', url: '/api/inspectors', payload: {}, remoteAddress });
    expect(first.statusCode).toBe(201);
    const second = await app.inject({ method: 'POST', url: '/api/inspectors', payload: {}, remoteAddress });
    expect([second.statusCode, second.json()]).toEqual([429, { error: TOO_MANY_SESSIONS_MESSAGE }]);
  });
});
