import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import {
  signingSecretCreateSchema,
  type NewSigningSecret,
  type SigningSecret,
} from '../../../../shared/signing-secrets.js';
import type { WebhookEvent } from '../../../../shared/webhooks.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createSecretsCache } from './signing-secrets.judge.js';
import { createSigningSecretsRepo } from './signing-secrets.repo.js';
import { createSigningSecretsService } from './signing-secrets.service.js';

const BODY = '{"action":"opened","number":7}';
const hex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');

describe.each(storageBackends)('signing secrets checked on arrival on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  async function addSecret(user: SessionUser, body: object): Promise<NewSigningSecret> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/signing-secrets',
      headers: asUser(user),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<NewSigningSecret>();
  }

  function capture(user: SessionUser, headers: Record<string, string>, body = BODY, path = '/') {
    return app.inject({
      method: 'POST',
      url: `/webhook/${user.sessionId}${path === '/' ? '' : path}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  }

  async function events(user: SessionUser, q = ''): Promise<WebhookEvent[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/events?q=${encodeURIComponent(q)}`,
      headers: asUser(user),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<WebhookEvent[] | { events: WebhookEvent[] }>();
    return Array.isArray(answer) ? answer : answer.events;
  }

  it('answers the secret once, then lists only its last 4 characters', async () => {
    const user = await createSession(app);
    const added = await addSecret(user, {
      name: 'GitHub',
      scheme: 'github-sha256',
      secret: 'gh-secret-1234',
    });
    expect(added).toMatchObject({
      name: 'GitHub',
      scheme: 'github-sha256',
      path: '*',
      toleranceSeconds: 300,
      refuseInvalid: false,
      hint: '1234',
      secret: 'gh-secret-1234',
    });
    const list = await app.inject({ method: 'GET', url: '/api/signing-secrets', headers: asUser(user) });
    expect(list.body).not.toContain('gh-secret');
    const shown: SigningSecret = { ...added };
    delete (shown as Partial<NewSigningSecret>).secret;
    expect(list.json<{ secrets: SigningSecret[] }>().secrets).toEqual([shown]);
    const other = await createSession(app);
    const theirs = await app.inject({ method: 'GET', url: '/api/signing-secrets', headers: asUser(other) });
    expect(theirs.json()).toEqual({ secrets: [] });
    const anonymous = await app.inject({ method: 'GET', url: '/api/signing-secrets' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('judges GitHub signatures: valid, wrong signature, header missing; searchable by sig: tokens', async () => {
    const user = await createSession(app);
    const secret = await addSecret(user, { name: 'GitHub', scheme: 'github-sha256', secret: 'gh-secret' });
    const good = await capture(user, { 'X-Hub-Signature-256': `sha256=${hex('gh-secret', BODY)}` });
    expect(good.statusCode).toBe(200);
    await capture(user, { 'X-Hub-Signature-256': `sha256=${hex('other', BODY)}` });
    await capture(user, {});
    const [missing, wrong, valid] = await events(user);
    expect(valid?.verdicts).toEqual({
      signature: { status: 'valid', secretId: secret.id, secretName: 'GitHub', scheme: 'github-sha256' },
    });
    expect(wrong?.verdicts.signature).toMatchObject({ status: 'invalid', reason: 'signature' });
    expect(missing?.verdicts.signature).toEqual({
      status: 'invalid',
      secretId: secret.id,
      secretName: 'GitHub',
      scheme: 'github-sha256',
      reason: 'missing',
      message: 'The request has no X-Hub-Signature-256 header.',
    });
    expect((await events(user, 'sig:valid')).map((each) => each.id)).toEqual([valid?.id]);
    expect((await events(user, 'sig:invalid opened')).map((each) => each.id)).toEqual([
      missing?.id,
      wrong?.id,
    ]);
    expect(await events(user, 'sig:none')).toEqual([]);
    const export_ = await app.inject({
      method: 'GET',
      url: '/api/events/export?format=ndjson',
      headers: asUser(user),
    });
    expect(export_.body).toContain('"reason":"missing"');
    expect(export_.body).not.toContain('gh-secret');
    const har = await app.inject({
      method: 'GET',
      url: '/api/events/export?format=har',
      headers: asUser(user),
    });
    const entries = har.json<{ log: { entries: { _hookbay: { verdicts: unknown } }[] } }>().log.entries;
    expect(entries.map((entry) => entry._hookbay.verdicts)).toEqual([
      missing?.verdicts,
      wrong?.verdicts,
      valid?.verdicts,
    ]);
    expect(har.body).not.toContain('gh-secret');
  });

  it('lists secrets in the order they were added, even within one millisecond', async () => {
    const user = await createSession(app);
    const stoppedClock = createSigningSecretsService({
      repo: createSigningSecretsRepo(app.database.db),
      cache: createSecretsCache(),
      now: () => 1_000,
    });
    const names = ['one', 'two', 'three', 'four', 'five', 'six'];
    for (const name of names) {
      await stoppedClock.add(
        user,
        signingSecretCreateSchema.parse({ name, scheme: 'github-sha256', secret: `s-${name}` }),
      );
    }
    expect((await stoppedClock.list(user)).map((secret) => secret.name)).toEqual(names);
  });

  it('judges Stripe and Slack timestamps against the tolerance', async () => {
    const user = await createSession(app);
    await addSecret(user, { name: 'Stripe', scheme: 'stripe', secret: 'whsec_stripe', path: '/stripe' });
    await addSecret(user, { name: 'Slack', scheme: 'slack', secret: 'slack-secret', toleranceSeconds: 60 });
    const now = Math.floor(Date.now() / 1000);
    const stale = now - 1000;
    await capture(
      user,
      { 'Stripe-Signature': `t=${now},v1=${hex('whsec_stripe', `${now}.${BODY}`)}` },
      BODY,
      '/stripe',
    );
    await capture(
      user,
      { 'Stripe-Signature': `t=${stale},v1=${hex('whsec_stripe', `${stale}.${BODY}`)}` },
      BODY,
      '/stripe',
    );
    await capture(user, {
      'X-Slack-Request-Timestamp': String(now),
      'X-Slack-Signature': `v0=${hex('slack-secret', `v0:${now}:${BODY}`)}`,
    });
    const [slack, staleStripe, stripe] = await events(user);
    expect(stripe?.verdicts.signature).toMatchObject({ status: 'valid', secretName: 'Stripe' });
    expect(staleStripe?.verdicts.signature).toMatchObject({ status: 'invalid', reason: 'timestamp' });
    expect(slack?.verdicts.signature).toMatchObject({ status: 'valid', secretName: 'Slack' });
  });

  it('checks Standard Webhooks signed by the standardwebhooks package', async () => {
    const user = await createSession(app);
    const key = `whsec_${Buffer.from('a key of thirty-two bytes, or so').toString('base64')}`;
    await addSecret(user, { name: 'Svix', scheme: 'standard-webhooks', secret: key });
    const sent = new Date();
    const signature = new Webhook(key).sign('msg_1', sent, BODY);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(sent.getTime() / 1000)) };
    await capture(user, { ...headers, 'webhook-signature': signature });
    await capture(user, { ...headers, 'webhook-signature': signature }, BODY + ' ');
    const [changed, valid] = await events(user);
    expect(valid?.verdicts.signature).toMatchObject({ status: 'valid', scheme: 'standard-webhooks' });
    expect(changed?.verdicts.signature).toMatchObject({ status: 'invalid', reason: 'signature' });
  });

  it('answers 401 to an invalid request when refuseInvalid is set, and still stores it', async () => {
    const user = await createSession(app);
    await addSecret(user, { name: 'Shop', scheme: 'shopify', secret: 'shpss', refuseInvalid: true });
    const refused = await capture(user, { 'X-Shopify-Hmac-Sha256': 'bm9wZQ==' });
    expect(refused.statusCode).toBe(401);
    const [stored] = await events(user);
    expect(refused.json()).toEqual({
      error: 'signature: The X-Shopify-Hmac-Sha256 signature does not match the secret.',
      id: stored?.id,
    });
    expect(stored?.response.status).toBe(401);
    const good = createHmac('sha256', 'shpss').update(BODY).digest('base64');
    expect((await capture(user, { 'X-Shopify-Hmac-Sha256': good })).statusCode).toBe(200);
  });

  it('edits and deletes secrets; a deleted secret judges nothing', async () => {
    const user = await createSession(app);
    const secret = await addSecret(user, { name: 'A', scheme: 'github-sha256', secret: 'abc-old1' });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/signing-secrets/${secret.id}`,
      headers: asUser(user),
      payload: { name: 'B', scheme: 'github-sha256', secret: 'abc-new2' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'B', hint: 'new2' });
    expect(put.body).not.toContain('abc-new2');
    await capture(user, { 'X-Hub-Signature-256': `sha256=${hex('abc-new2', BODY)}` });
    expect((await events(user))[0]?.verdicts.signature?.status).toBe('valid');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/signing-secrets/${secret.id}`,
      headers: asUser(user),
    });
    expect(del.statusCode).toBe(204);
    await capture(user, {});
    expect((await events(user))[0]?.verdicts).toEqual({});
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/signing-secrets/${secret.id}`,
      headers: asUser(user),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad settings and more than 20 secrets', async () => {
    const user = await createSession(app);
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/signing-secrets', headers: asUser(user), payload });
    expect((await post({ name: 'X', scheme: 'custom', secret: 's' })).json()).toEqual({
      error: 'custom: is required with scheme "custom"',
    });
    expect(
      (await post({ name: 'X', scheme: 'github-sha256', secret: 's', path: 'no-slash' })).statusCode,
    ).toBe(400);
    for (let index = 0; index < 20; index += 1) {
      await addSecret(user, { name: `S${index}`, scheme: 'github-sha256', secret: 'secret' });
    }
    const over = await post({ name: 'S21', scheme: 'github-sha256', secret: 'secret' });
    expect(over.statusCode).toBe(400);
  });
});
