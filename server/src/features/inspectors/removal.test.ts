import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewInspector } from '../../../../shared/inspectors.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';

describe.each(storageBackends)('deleting an inspector on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(() => app.close());

  function capture(address: string) {
    return app.inject({ method: 'POST', url: `/webhook/${address}/x`, payload: 'hello' });
  }
  async function held(sessionId: string) {
    const db = app.database.db;
    type Held =
      'webhook_events' | 'response_rules' | 'api_keys' | 'signing_secrets' | 'contracts' | 'share_links';
    const count = async (table: Held) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('session_id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const session = await db
      .selectFrom('sessions')
      .select(['name', 'deleted_at'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return {
      events: await count('webhook_events'),
      rules: await count('response_rules'),
      keys: await count('api_keys'),
      judging: (await count('signing_secrets')) + (await count('contracts')),
      shares: await count('share_links'),
      name: session.name,
      isDeleted: session.deleted_at !== null,
    };
  }

  it('removes what it held and frees its name; both URLs answer 404 and its id starts a new session', async () => {
    const name = `doomed-${process.pid}-${postgres ? 'pg' : 'sq'}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/inspectors',
      payload: { name, private: true, responses: [{ responses: [{ status: 202 }] }] },
    });
    const inspector = created.json<NewInspector>();
    const withKey = { authorization: `Bearer ${inspector.key ?? ''}` };
    expect((await capture(name)).statusCode).toBe(202);
    await app.services.webhooks.flush();
    const add = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: withKey, payload });
    expect(
      (await add('/api/signing-secrets', { name: 'gh', scheme: 'github-sha256', secret: 's3cret' }))
        .statusCode,
    ).toBe(201);
    expect((await add('/api/contracts', { name: 'any', schema: {} })).statusCode).toBe(200);
    expect((await add('/api/shares', {})).statusCode).toBe(201);
    expect(await held(inspector.sessionId)).toEqual({
      events: 1,
      rules: 1,
      keys: 1,
      judging: 2,
      shares: 1,
      name,
      isDeleted: false,
    });

    const unconfirmed = await app.inject({ method: 'DELETE', url: '/api/user/inspector', headers: withKey });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({
      error: 'confirm: send this inspector’s session id as ?confirm=… to delete it.',
    });
    expect((await held(inspector.sessionId)).isDeleted).toBe(false);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/user/inspector?confirm=${inspector.sessionId}`,
      headers: withKey,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await held(inspector.sessionId)).toEqual({
      events: 0,
      rules: 0,
      keys: 0,
      judging: 0,
      shares: 0,
      name: null,
      isDeleted: true,
    });
    const byId = await capture(inspector.sessionId);
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual({ error: 'No webhook URL here: this inspector was deleted.' });
    expect((await capture(name)).statusCode).toBe(404);
    await app.services.webhooks.flush();
    expect((await held(inspector.sessionId)).events).toBe(0);

    const resumed = await app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { sessionId: inspector.sessionId },
    });
    expect(resumed.json<SessionUser>().sessionId).not.toBe(inspector.sessionId);
  });

  it('leaves every other inspector as it was', async () => {
    const kept = await createSession(app);
    const doomed = await createSession(app);
    expect((await capture(kept.sessionId)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/user/inspector?confirm=${doomed.sessionId}`,
      headers: asUser(doomed),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await capture(doomed.sessionId)).statusCode).toBe(404);
    expect((await capture(kept.sessionId)).statusCode).toBe(200);
    await app.services.webhooks.flush();
    expect((await held(kept.sessionId)).events).toBe(2);
  });

  it('refuses a caller without a session or key with 401, deleting nothing', async () => {
    const user = await createSession(app);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/user/inspector?confirm=${user.sessionId}`,
    });
    expect(response.statusCode).toBe(401);
    expect((await held(user.sessionId)).isDeleted).toBe(false);
  });
});
