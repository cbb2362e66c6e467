import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, type ShareLink } from '../../../../shared/shares.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { asKey, privateSession } from '../access/test-helpers.js';
import { SECRET_HEADERS, SECRET_VALUES, captureWithSecrets, createShare } from './test-helpers.js';

function expectNoSecret(response: LightMyRequestResponse): void {
  for (const secret of SECRET_VALUES) expect(response.body, secret).not.toContain(secret);
}

describe.each(storageBackends)('read-only share links on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let eventId: number;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
    eventId = await captureWithSecrets(app, owner.sessionId);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('a new link answers its token and page once; the list shows it without them', async () => {
    const before = Date.now();
    const created = await createShare(app, asUser(owner), { redactHeaders: ['X-Api-Token'] });
    expect(created.token).toMatch(/^hbs_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`http://localhost:80/shared/${created.token}`);
    expect(created).toMatchObject({ kind: 'inspector', eventId: null, showSecrets: false, revokedAt: null });
    expect(created.redactHeaders).toEqual(['X-Api-Token']);
    // The default lifetime: seven days.
    const lifetime = Date.parse(created.expiresAt) - Date.parse(created.createdAt);
    expect(lifetime).toBe(7 * 24 * 3_600_000);
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const listed = await get('/api/shares', asUser(owner));
    const link = listed.json<ShareLink[]>().find((share) => share.id === created.id);
    expect(link).toEqual({
      id: created.id,
      kind: 'inspector',
      eventId: null,
      redactHeaders: ['X-Api-Token'],
      showSecrets: false,
      createdAt: created.createdAt,
      expiresAt: created.expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(listed.body).not.toContain(created.token);
    const rows = await app.database.db.selectFrom('share_links').select('token_hash').execute();
    expect(JSON.stringify(rows)).not.toContain(created.token);
  });

  it('a stranger reads the inspector with the link alone; secret headers read [redacted]', async () => {
    const { token } = await createShare(app, asUser(owner), { redactHeaders: ['x-api-token'] });
    const view = await get(`/api/shared/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<{ redactedHeaders: string[] }>().redactedHeaders).toEqual(
      expect.arrayContaining([
        'authorization',
        'cookie',
        'proxy-authorization',
        'x-hub-signature-256',
        'x-api-token',
      ]),
    );
    const listed = await get(`/api/shared/${token}/events`);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expectNoSecret(listed);
    const [event] = listed.json<WebhookEvent[]>();
    expect(event?.id).toBe(eventId);
    for (const name of [
      'authorization',
      'cookie',
      'proxy-authorization',
      'x-hub-signature-256',
      'stripe-signature',
      'x-api-token',
    ])
      expect(event?.headers[name], name).toBe(REDACTED);
    expect(event?.headers['x-visible']).toBe(SECRET_HEADERS['x-visible']);
    expect(event?.payload).toEqual({ order: 42 });
    const one = await get(`/api/shared/${token}/events/${eventId}`);
    expectNoSecret(one);
    expect(one.json<WebhookEvent>().rawHeaders).toContainEqual(['authorization', REDACTED]);
  });

  it('exports are redacted too, and name no inspector id', async () => {
    const { token } = await createShare(app, asUser(owner));
    for (const format of ['har', 'ndjson']) {
      const exported = await get(`/api/shared/${token}/export?format=${format}`);
      expect(exported.statusCode, format).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/^attachment;/);
      for (const secret of SECRET_VALUES.slice(0, 5))
        expect(exported.body, `${format} ${secret}`).not.toContain(secret);
      expect(exported.body).toContain(REDACTED);
      expect(exported.body).not.toContain(owner.sessionId);
    }
    const har = await get(`/api/shared/${token}/export?format=har`);
    const entry = har.json<{ log: { entries: { request: { url: string; cookies: unknown[] } }[] } }>().log
      .entries[0];
    expect(entry?.request.url).toBe('http://localhost:80/webhook/shared/hook?q=1');
    expect(entry?.request.cookies).toEqual([]);
  });

  it('a search never matches a redacted value, and still finds what the link shows', async () => {
    const { token } = await createShare(app, asUser(owner));
    expect((await get(`/api/shared/${token}/events?q=sk_live_authorization`)).json()).toEqual([]);
    expect((await get(`/api/shared/${token}/export?format=ndjson&q=stripe_signature`)).body).toBe('');
    const found = await get(`/api/shared/${token}/events?q=plain-visible`);
    expect(found.json<WebhookEvent[]>().map((event) => event.id)).toEqual([eventId]);
  });

  it('a link made to show secrets shows them', async () => {
    const { token } = await createShare(app, asUser(owner), { showSecrets: true });
    const event = (await get(`/api/shared/${token}/events/${eventId}`)).json<WebhookEvent>();
    expect(event.headers.authorization).toBe(SECRET_HEADERS.authorization);
    expect((await get(`/api/shared/${token}`)).json<{ redactedHeaders: string[] }>().redactedHeaders).toEqual(
      [],
    );
  });

  it('a request link shows that request alone', async () => {
    const other = await captureWithSecrets(app, owner.sessionId, '/other');
    const { token, kind } = await createShare(app, asUser(owner), { eventId });
    expect(kind).toBe('request');
    expect((await get(`/api/shared/${token}`)).json()).toMatchObject({ kind: 'request', eventId });
    const listed = await get(`/api/shared/${token}/events`);
    expect(listed.json<WebhookEvent[]>().map((event) => event.id)).toEqual([eventId]);
    expect((await get(`/api/shared/${token}/events/${other}`)).statusCode).toBe(404);
    const ndjson = (await get(`/api/shared/${token}/export?format=ndjson`)).body.trim().split('\n');
    expect(ndjson.map((line) => (JSON.parse(line) as WebhookEvent).id)).toEqual([eventId]);
  });

  it('revoked: the API answers 410 {error, reason} and the page 410, at once', async () => {
    const { id, token } = await createShare(app, asUser(owner));
    expect((await get(`/shared/${token}`)).statusCode).toBe(200);
    const revoked = await app.inject({ method: 'DELETE', url: `/api/shares/${id}`, headers: asUser(owner) });
    expect(revoked.json()).toEqual({ ok: true });
    for (const url of [
      `/api/shared/${token}`,
      `/api/shared/${token}/events`,
      `/api/shared/${token}/export?format=har`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(410);
      expect(answer.json(), url).toEqual({
        reason: 'revoked',
        error: 'This share link was revoked by the inspector’s owner.',
      });
    }
    expect((await get(`/shared/${token}`)).statusCode).toBe(410);
    const listed = (await get('/api/shares', asUser(owner))).json<ShareLink[]>();
    expect(listed.find((share) => share.id === id)?.revokedAt).not.toBeNull();
  });

  it('expired: 410 with reason expired', async () => {
    const { id, token } = await createShare(app, asUser(owner), { expiresInHours: 1 });
    await app.database.db
      .updateTable('share_links')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    const answer = await get(`/api/shared/${token}/events`);
    expect(answer.statusCode).toBe(410);
    expect(answer.json()).toEqual({ reason: 'expired', error: 'This share link has expired.' });
    expect((await get(`/shared/${token}`)).statusCode).toBe(410);
  });

  it('an unknown token answers 404; a bad lifetime or request 400/404 and makes nothing', async () => {
    expect(
      (await get('/api/shared/hbs_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode,
    ).toBe(404);
    expect((await get('/shared/nothing')).statusCode).toBe(404);
    const before = (await get('/api/shares', asUser(owner))).json<ShareLink[]>().length;
    for (const [payload, status] of [
      [{ expiresInHours: 0 }, 400],
      [{ expiresInHours: 721 }, 400],
      [{ redactHeaders: ['bad name'] }, 400],
      [{ eventId: 999_999 }, 404],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: asUser(owner),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect((await get('/api/shares', asUser(owner))).json<ShareLink[]>()).toHaveLength(before);
  });

  it('the list records the last use; another session can neither list nor revoke the link', async () => {
    const { id, token } = await createShare(app, asUser(owner));
    await get(`/api/shared/${token}/events`);
    const link = (await get('/api/shares', asUser(owner)))
      .json<ShareLink[]>()
      .find((share) => share.id === id);
    expect(link?.lastUsedAt).not.toBeNull();
    const stranger = await createSession(app);
    expect((await get('/api/shares', asUser(stranger))).json()).toEqual([]);
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/shares/${id}`,
      headers: asUser(stranger),
    });
    expect(refused.statusCode).toBe(404);
    expect((await get(`/api/shared/${token}/events`)).statusCode).toBe(200);
  });

  it('a link to a private inspector works without a key; the token opens no session route', async () => {
    const { user, key } = await privateSession(app);
    const captured = await captureWithSecrets(app, user.sessionId);
    const { token } = await createShare(app, asKey(key), { redactHeaders: ['X-Api-Token'] });
    const listed = await get(`/api/shared/${token}/events`);
    expect(listed.json<WebhookEvent[]>().map((event) => event.id)).toEqual([captured]);
    expectNoSecret(listed);
    for (const [method, url] of [
      ['GET', '/api/events'],
      ['DELETE', '/api/events'],
      ['PUT', '/api/responses'],
      ['POST', '/api/shares'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
