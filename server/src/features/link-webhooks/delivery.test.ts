import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkWebhookBody } from '../../../../shared/link-webhooks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createLink, GOOGLEBOT_UA, SAFARI_IPHONE_UA, visit } from '../short-links/test-helpers.js';
import {
  addEndpoint,
  eventually,
  expectedSignature,
  listDeliveries,
  listEndpoints,
  startTarget,
  type Target,
} from './test-helpers.js';

describe.each(storageBackends)('click webhook deliveries on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let target: Target;
  let owner: SessionUser;

  beforeAll(async () => {
    // Retries come at once here: two of them, so a message has three attempts.
    app = await buildTestApp({
      postgres,
      replayAllowPrivate: true,
      linkWebhookDelivery: { intervalMs: 20, retryDelaysMs: [0, 0] },
    });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    target = await startTarget();
    owner = await createSession(app);
  });
  afterEach(() => target.close());

  it('sends a signed link.clicked after a redirect, without the visitor’s IP address', async () => {
    const link = await createLink(app, owner, 'https://example.com/launch');
    const endpoint = await addEndpoint(app, owner, { url: target.url, linkId: link.id });
    const redirect = await visit(app, link.id, {
      userAgent: SAFARI_IPHONE_UA,
      referer: 'https://news.example/',
    });
    expect(redirect.statusCode).toBe(302);

    const [received] = await target.waitFor(1);
    if (!received) throw new Error('no request');
    expect(received.path).toBe('/hooks');
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(received.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(received.headers['webhook-signature']).toBe(expectedSignature(endpoint.secret, received));
    const body = JSON.parse(received.body) as LinkWebhookBody;
    expect(body).toEqual({
      type: 'link.clicked',
      timestamp: expect.any(String),
      data: {
        linkId: link.id,
        shortUrl: link.shortUrl,
        destination: 'https://example.com/launch',
        clickedAt: expect.any(String),
        country: expect.toBeOneOf([null, expect.any(String)]),
        device: 'mobile',
        browser: 'Mobile Safari',
        os: 'iOS',
        referer: 'https://news.example/',
      },
    });
    expect(received.body).not.toContain('8.8.8.8');

    const deliveries = await eventually(
      () => listDeliveries(app, owner, endpoint.id),
      (list) => list[0]?.state === 'delivered',
    );
    expect(deliveries).toEqual([
      {
        messageId: received.headers['webhook-id'],
        type: 'link.clicked',
        state: 'delivered',
        attempts: 1,
        statusCode: 200,
        error: null,
        at: expect.any(String),
        nextAttemptAt: null,
      },
    ]);
    // The outcome is recorded just after the target answers.
    const [listed] = await eventually(
      () => listEndpoints(app, owner),
      ([endpoint]) => endpoint?.lastDelivery !== null,
    );
    expect(listed).toMatchObject({ status: 'active', lastDelivery: { status: 200, error: null } });
  });

  it('sends nothing for bots, HEAD requests or another session’s links', async () => {
    const link = await createLink(app, owner);
    const stranger = await createSession(app);
    const strangersLink = await createLink(app, stranger);
    await addEndpoint(app, owner, { url: target.url, events: ['click'] });
    await visit(app, link.id, { userAgent: GOOGLEBOT_UA });
    await visit(app, link.id, { method: 'HEAD' });
    await visit(app, strangersLink.id);
    // A person's click afterwards is the first and only request to arrive.
    await visit(app, link.id);
    const [first] = await target.waitFor(1);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({
      type: 'link.clicked',
      data: { linkId: link.id },
    });
    await app.services.clicks.flush();
    await eventually(
      () => listEndpoints(app, owner),
      ([endpoint]) => endpoint?.lastDelivery?.status === 200,
    );
    expect(target.received).toHaveLength(1);
  });

  it('retries a failed delivery with the same id and signature scheme until a 2xx', async () => {
    const link = await createLink(app, owner);
    const endpoint = await addEndpoint(app, owner, { url: target.url, linkId: link.id, events: ['click'] });
    target.answers.push(500, 503);
    await visit(app, link.id);
    const received = await target.waitFor(3);
    expect(new Set(received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    for (const request of received) {
      expect(request.headers['webhook-signature']).toBe(expectedSignature(endpoint.secret, request));
    }
    const [delivery] = await eventually(
      () => listDeliveries(app, owner, endpoint.id),
      (list) => list[0]?.state === 'delivered',
    );
    expect(delivery).toMatchObject({ attempts: 3, statusCode: 200, error: null });
  });

  it('disables an endpoint after five messages fail every attempt, and resumes once re-enabled', async () => {
    const link = await createLink(app, owner);
    const endpoint = await addEndpoint(app, owner, { url: target.url, linkId: link.id, events: ['click'] });
    target.answers.push(...new Array<number>(15).fill(500));
    for (let clicks = 0; clicks < 5; clicks++) await visit(app, link.id);
    const [disabled] = await eventually(
      () => listEndpoints(app, owner),
      ([listed]) => listed?.status === 'disabled',
    );
    expect(disabled).toMatchObject({
      status: 'disabled',
      disabledReason: 'Disabled after 5 messages in a row failed every attempt.',
      failureCount: 5,
      lastDelivery: { status: 500, error: 'The endpoint answered 500.' },
    });
    const deliveries = await listDeliveries(app, owner, endpoint.id);
    expect(deliveries.map(({ state, attempts }) => [state, attempts])).toEqual(
      new Array(5).fill(['failed', 3]),
    );
    expect(target.received).toHaveLength(15);

    // Clicks while disabled are not queued; after re-enabling the next one arrives.
    await visit(app, link.id);
    const enabled = await app.inject({
      method: 'PATCH',
      url: `/api/link-webhooks/${endpoint.id}`,
      headers: asUser(owner),
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ status: 'active', disabledReason: null, failureCount: 0 });
    await visit(app, link.id);
    await target.waitFor(16);
    await eventually(
      () => listEndpoints(app, owner),
      ([listed]) => listed?.lastDelivery?.status === 200,
    );
    expect(target.received).toHaveLength(16);
  });

  it('sends link.created, link.updated and link.deleted for the session’s links', async () => {
    const endpoint = await addEndpoint(app, owner, {
      url: target.url,
      events: ['link.created', 'link.updated', 'link.deleted'],
    });
    const link = await createLink(app, owner, 'https://example.com/one');
    await target.waitFor(1);
    await app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
      payload: { url: 'https://example.com/two' },
    });
    await target.waitFor(2);
    await app.inject({ method: 'DELETE', url: `/api/urls/${link.id}`, headers: asUser(owner) });
    const received = await target.waitFor(3);
    const bodies = received.map((request) => JSON.parse(request.body) as LinkWebhookBody);
    expect(bodies.map(({ type, data }) => [type, data])).toEqual([
      ['link.created', { linkId: link.id, shortUrl: link.shortUrl, destination: 'https://example.com/one' }],
      ['link.updated', { linkId: link.id, shortUrl: link.shortUrl, destination: 'https://example.com/two' }],
      ['link.deleted', { linkId: link.id, shortUrl: link.shortUrl, destination: null }],
    ]);
    for (const request of received) {
      expect(request.headers['webhook-signature']).toBe(expectedSignature(endpoint.secret, request));
    }
  });

  it('sends the same events for links made, changed and deleted in bulk', async () => {
    await addEndpoint(app, owner, {
      url: target.url,
      events: ['link.created', 'link.updated', 'link.deleted'],
    });
    const made = await app.inject({
      method: 'POST',
      url: '/api/urls/bulk',
      headers: asUser(owner),
      payload: [{ url: 'https://example.com/bulk', externalId: 'bulk-1' }],
    });
    const [link] = made.json<{ id: string; shortUrl: string }[]>();
    await target.waitFor(1);
    await app.inject({
      method: 'PATCH',
      url: '/api/urls/bulk',
      headers: asUser(owner),
      payload: [{ externalId: 'bulk-1', url: 'https://example.com/bulk-two' }],
    });
    await target.waitFor(2);
    await app.inject({
      method: 'DELETE',
      url: '/api/urls/bulk',
      headers: asUser(owner),
      payload: { externalIds: ['bulk-1'] },
    });
    const received = await target.waitFor(3);
    const bodies = received.map((request) => JSON.parse(request.body) as LinkWebhookBody);
    expect(bodies.map(({ type, data }) => [type, data])).toEqual([
      [
        'link.created',
        { linkId: link?.id, shortUrl: link?.shortUrl, destination: 'https://example.com/bulk' },
      ],
      [
        'link.updated',
        { linkId: link?.id, shortUrl: link?.shortUrl, destination: 'https://example.com/bulk-two' },
      ],
      ['link.deleted', { linkId: link?.id, shortUrl: link?.shortUrl, destination: null }],
    ]);
  });

  it('keeps a link’s own endpoint when the link is renamed', async () => {
    const link = await createLink(app, owner);
    const endpoint = await addEndpoint(app, owner, { url: target.url, linkId: link.id });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
      payload: { url: link.url, alias: `renamed-${link.id}` },
    });
    expect(renamed.statusCode).toBe(200);
    await target.waitFor(1);
    await visit(app, `renamed-${link.id}`);
    const received = await target.waitFor(2);
    expect(received.map((request) => (JSON.parse(request.body) as LinkWebhookBody).type)).toEqual([
      'link.updated',
      'link.clicked',
    ]);
    expect(JSON.parse(received[1]?.body ?? '{}')).toMatchObject({ data: { linkId: `renamed-${link.id}` } });
    expect((await listEndpoints(app, owner))[0]).toMatchObject({
      id: endpoint.id,
      linkId: `renamed-${link.id}`,
    });
  });

  it('sends nothing more to a deleted link’s endpoint, not even for a new link with its alias', async () => {
    const alias = `gone-${Date.now()}`;
    const link = await createLink(app, owner, 'https://example.com/old', { alias });
    const endpoint = await addEndpoint(app, owner, { url: target.url, linkId: link.id });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/urls/${alias}`, headers: asUser(owner) });
    expect(deleted.statusCode).toBe(200);
    const [goodbye] = await target.waitFor(1);
    expect(JSON.parse(goodbye?.body ?? '{}')).toMatchObject({
      type: 'link.deleted',
      data: { linkId: alias },
    });

    // The same alias again, in the same session: a new link, clicked and edited.
    const again = await createLink(app, owner, 'https://example.com/new', { alias });
    expect((await visit(app, again.id)).statusCode).toBe(302);
    await app.inject({
      method: 'PUT',
      url: `/api/urls/${alias}`,
      headers: asUser(owner),
      payload: { url: 'https://example.com/newer' },
    });
    // A catch-all endpoint added after the deletion shows the new events were sent.
    const witness = await startTarget();
    await addEndpoint(app, owner, { url: witness.url, linkId: null });
    await visit(app, again.id);
    await witness.waitFor(1);
    await eventually(
      () => listDeliveries(app, owner, endpoint.id),
      (deliveries) => deliveries.every((delivery) => delivery.state !== 'pending'),
    );
    await witness.close();
    expect(target.received).toHaveLength(1);
    expect(await listDeliveries(app, owner, endpoint.id)).toHaveLength(1);
    const [listed] = (await listEndpoints(app, owner)).filter((each) => each.id === endpoint.id);
    expect(listed).toMatchObject({ linkId: alias, linkDeletedAt: expect.any(String) });
  });
});
