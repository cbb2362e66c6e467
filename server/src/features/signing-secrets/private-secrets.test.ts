/**
 * A private inspector's signing secrets and contracts need one of its keys, as everything else it
 * holds does: its session id alone lists, adds, changes and deletes none of them, and capture goes
 * on being judged with them.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSigningSecret } from '../../../../shared/signing-secrets.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp } from '../../../test/app.js';
import { asUser } from '../../../test/factories.js';
import { asKey, privateSession } from '../access/test-helpers.js';

const SECRET = 'private-inspector-secret-7Wq1';
const secretSettings = { name: 'GitHub', scheme: 'github-sha256', path: '*' };
const contractSettings = { name: 'Orders', schema: { type: 'object', required: ['id'] } };

describe("a private inspector's signing secrets and contracts", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('the session id alone, or no session, lists, adds, changes and deletes nothing; the key does', async () => {
    const { user, key } = await privateSession(app);
    const withKey = asKey(key);
    const added = await app.inject({
      method: 'POST',
      url: '/api/signing-secrets',
      headers: withKey,
      payload: { ...secretSettings, secret: SECRET },
    });
    expect(added.statusCode, added.body).toBe(201);
    const secret = added.json<NewSigningSecret>();
    const contract = await app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: withKey,
      payload: contractSettings,
    });
    expect(contract.statusCode, contract.body).toBe(200);
    const contractId = contract.json<{ id: string }>().id;
    const listedSecrets = (await app.inject({ method: 'GET', url: '/api/signing-secrets', headers: withKey }))
      .body;
    const listedContracts = (await app.inject({ method: 'GET', url: '/api/contracts', headers: withKey }))
      .body;

    const attempts: InjectOptions[] = [
      { method: 'GET', url: '/api/signing-secrets' },
      { method: 'POST', url: '/api/signing-secrets', payload: { ...secretSettings, secret: 'sneaky-1' } },
      {
        method: 'PUT',
        url: `/api/signing-secrets/${secret.id}`,
        payload: { ...secretSettings, secret: 'sneaky-2' },
      },
      { method: 'DELETE', url: `/api/signing-secrets/${secret.id}` },
      { method: 'GET', url: '/api/contracts' },
      { method: 'POST', url: '/api/contracts', payload: contractSettings },
      { method: 'POST', url: '/api/contracts/openapi', payload: { document: '{"openapi":"3.1.0"}' } },
      {
        method: 'PUT',
        url: `/api/contracts/${contractId}`,
        payload: { ...contractSettings, name: 'Sneaky' },
      },
      { method: 'DELETE', url: `/api/contracts/${contractId}` },
    ];
    for (const attempt of attempts) {
      const what = `${attempt.method} ${attempt.url}`;
      const byId = await app.inject({ ...attempt, headers: asUser(user) });
      expect(byId.statusCode, `${what}: ${byId.body}`).toBe(401);
      expect(byId.json(), what).toMatchObject({ private: true });
      expect(byId.body, what).not.toContain(secret.hint);
      const anonymous = await app.inject(attempt);
      expect(anonymous.statusCode, `${what} without a session`).toBe(401);
    }

    // Nothing changed, and the secret still judges what arrives.
    expect((await app.inject({ method: 'GET', url: '/api/signing-secrets', headers: withKey })).body).toBe(
      listedSecrets,
    );
    expect((await app.inject({ method: 'GET', url: '/api/contracts', headers: withKey })).body).toBe(
      listedContracts,
    );
    expect(listedSecrets).not.toContain(SECRET);
    const body = '{"id":1}';
    await app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}`,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      payload: body,
    });
    const [event] = (await app.inject({ method: 'GET', url: '/api/events', headers: withKey })).json<
      WebhookEvent[]
    >();
    expect(event?.verdicts).toMatchObject({ signature: { status: 'valid' }, contract: { status: 'pass' } });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/signing-secrets/${secret.id}`,
      headers: withKey,
    });
    expect(removed.statusCode).toBe(204);
  });
});
