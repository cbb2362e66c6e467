import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RELAY_ATTEMPTED, JOIN_USER_ROOM, type RelayAttemptedPayload } from '../../../../shared/realtime.js';
import { verifySignature } from '../../../../shared/signatures/verify.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { connectSocket, listen, type TestSocket } from '../../../test/socket.js';
import { eventually, startTarget, type Target } from '../link-webhooks/test-helpers.js';
import { addRelay, attemptsOf, capture, listRelays } from './test-helpers.js';

const nodeHmac = (hash: string, key: Uint8Array, data: Uint8Array) =>
  createHmac(hash.replace('-', '').toLowerCase(), key).update(data).digest();

describe.each(storageBackends)('relays on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let origin: string;
  let target: Target;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({
      postgres,
      replayAllowPrivate: true,
      linkWebhookDelivery: { intervalMs: 20, retryDelaysMs: [0, 0] },
    });
    origin = await listen(app);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    target = await startTarget();
    owner = await createSession(app);
  });
  afterEach(() => target.close());

  it('passes every capture on re-signed, in capture order, verifiable with the relay’s own secret', async () => {
    const relay = await addRelay(app, owner, { url: target.url });
    expect(relay).toMatchObject({
      mode: 'sign',
      status: 'active',
      filter: { methods: [], path: null, q: null },
    });
    expect(relay.secret).toMatch(/^whsec_/);
    // Shown once: the list does not show it again.
    expect((await listRelays(app, owner))[0]?.secret).toBeNull();

    const bodies = ['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}'];
    for (const body of bodies) await capture(app, owner, { body, path: '/orders' });
    const received = await target.waitFor(bodies.length);
    expect(received.map((request) => request.body)).toEqual(bodies);
    for (const request of received) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks');
      expect(request.headers['content-type']).toBe('application/json');
      const verdict = verifySignature(
        {
          scheme: 'standard-webhooks',
          headers: request.headers as Record<string, string>,
          body: new TextEncoder().encode(request.body),
          secret: relay.secret ?? '',
          now: Date.now(),
        },
        nodeHmac,
      );
      expect(verdict).toMatchObject({ isValid: true });
    }
  });

  it('passes the sender’s headers as they came, without hop-by-hop ones, Host set for the target', async () => {
    const relay = await addRelay(app, owner, { url: target.url, mode: 'headers' });
    expect(relay.secret).toBeNull();
    await capture(app, owner, {
      method: 'PUT',
      headers: {
        'content-type': 'text/plain',
        'X-Shop-Topic': 'orders/paid',
        'keep-alive': 'timeout=5',
        'proxy-authorization': 'Basic c2VjcmV0',
      },
      body: 'paid',
    });
    const [received] = await target.waitFor(1);
    expect(received?.method).toBe('PUT');
    expect(received?.body).toBe('paid');
    expect(received?.headers.host).toBe(new URL(target.url).host);
    expect(received?.headers['x-shop-topic']).toBe('orders/paid');
    expect(received?.headers['keep-alive']).toBeUndefined();
    expect(received?.headers['proxy-authorization']).toBeUndefined();
    expect(received?.headers['webhook-signature']).toBeUndefined();
  });

  it('passes on only what the filter takes: method, path glob and search text', async () => {
    await addRelay(app, owner, {
      url: target.url,
      filter: { methods: ['post'], path: '/orders/*', q: 'paid' },
    });
    await capture(app, owner, { method: 'PUT', path: '/orders/1', body: '{"state":"paid"}' });
    await capture(app, owner, { path: '/refunds/2', body: '{"state":"paid"}' });
    await capture(app, owner, { path: '/orders/3', body: '{"state":"pending"}' });
    const taken = await capture(app, owner, { path: '/orders/4', body: '{"state":"paid"}' });
    await eventually(
      () => attemptsOf(app, owner, taken),
      (attempts) => attempts.length === 1,
    );
    expect(target.received.map((request) => request.body)).toEqual(['{"state":"paid"}']);
    expect(target.received).toHaveLength(1);
  });

  it('retries on the click webhooks’ schedule and holds later captures back until the first is through', async () => {
    await addRelay(app, owner, { url: target.url });
    target.answers.push(500, 503);
    const first = await capture(app, owner, { body: 'first' });
    const second = await capture(app, owner, { body: 'second' });
    const received = await target.waitFor(4);
    expect(received.map((request) => request.body)).toEqual(['first', 'first', 'first', 'second']);
    // The same message id on every attempt.
    expect(new Set(received.slice(0, 3).map((request) => request.headers['webhook-id'])).size).toBe(1);
    const attempts = await eventually(
      () => attemptsOf(app, owner, first),
      (list) => list.length === 3,
    );
    expect(attempts.map(({ attempt, state, statusCode }) => ({ attempt, state, statusCode }))).toEqual([
      { attempt: 1, state: 'pending', statusCode: 500 },
      { attempt: 2, state: 'pending', statusCode: 503 },
      { attempt: 3, state: 'delivered', statusCode: 200 },
    ]);
    expect(attempts[0]?.error).toBe('The endpoint answered 500.');
    expect(
      await eventually(
        () => attemptsOf(app, owner, second),
        (list) => list.length === 1,
      ),
    ).toMatchObject([{ attempt: 1, state: 'delivered', statusCode: 200, error: null }]);
  });

  it('disables a destination after 5 captures in a row failed every attempt, and says why', async () => {
    const relay = await addRelay(app, owner, { url: target.url });
    target.answers.push(...Array.from({ length: 15 }, () => 500));
    for (let index = 0; index < 5; index += 1) await capture(app, owner, { body: `n${index}` });
    const [disabled] = await eventually(
      () => listRelays(app, owner),
      ([listed]) => listed?.status === 'disabled',
    );
    expect(disabled).toMatchObject({
      id: relay.id,
      status: 'disabled',
      disabledReason: 'Disabled after 5 messages in a row failed every attempt.',
      failureCount: 5,
      lastAttempt: { status: 500, error: 'The endpoint answered 500.' },
    });
    // A disabled destination takes no capture until it is turned on again.
    const missed = await capture(app, owner, { body: 'missed' });
    const turnedOn = await app.inject({
      method: 'PATCH',
      url: `/api/relays/${relay.id}`,
      headers: asUser(owner),
      payload: { enabled: true },
    });
    expect(turnedOn.json()).toMatchObject({ status: 'active', failureCount: 0, disabledReason: null });
    await capture(app, owner, { body: 'after' });
    const received = await target.waitFor(16);
    expect(received.map((request) => request.body).slice(14)).toEqual(['n4', 'after']);
    expect(await attemptsOf(app, owner, missed)).toEqual([]);
  });

  it('pushes each attempt to the owner live', async () => {
    await addRelay(app, owner, { url: target.url });
    const socket: TestSocket = await connectSocket(origin, owner.sessionId);
    try {
      await new Promise((resolve) => socket.emit(JOIN_USER_ROOM, owner.id, resolve));
      const pushed = new Promise<RelayAttemptedPayload>((resolve) => socket.once(RELAY_ATTEMPTED, resolve));
      const id = await capture(app, owner, { body: '{}' });
      expect(await pushed).toMatchObject({
        eventId: id,
        attempt: { attempt: 1, state: 'delivered', statusCode: 200, error: null },
      });
    } finally {
      socket.close();
    }
  });

  it('answers the capture at once while the destination never answers', async () => {
    let taken = 0;
    const silent = http.createServer(() => (taken += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo; // TCP, so an AddressInfo
    await addRelay(app, owner, { url: `http://127.0.0.1:${port}/never` });
    for (let index = 0; index < 3; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `/webhook/${owner.sessionId}`,
        payload: '{}',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ok: true });
    }
    await eventually(
      async () => taken,
      (count) => count >= 1,
    );
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('checks every field, holds at most 5 per session and hides other sessions’ relays', async () => {
    const post = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/relays', headers: asUser(owner), payload: payload as object });
    const bad = [
      [{ url: 'ftp://example.com/in' }, 'url: must be a full http:// or https:// address.'],
      [{ url: target.url, mode: 'copy' }, 'mode: sign or headers.'],
      [
        { url: target.url, filter: { path: 'orders' } },
        'filter.path: a path glob starting with / or *, without spaces, ? or #.',
      ],
      [
        { url: target.url, filter: { methods: ['FETCH'] } },
        'filter.methods: not an HTTP method Hookbay captures.',
      ],
    ] as const;
    for (const [payload, message] of bad) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    for (let index = 0; index < 5; index += 1) await addRelay(app, owner, { url: `${target.url}/${index}` });
    const sixth = await post({ url: target.url });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      error: 'relays: you already have 5 relay destinations, the most a session can hold. Delete one first.',
    });
    const [mine] = await listRelays(app, owner);
    const other = await createSession(app);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/api/relays/${mine?.id ?? ''}`,
        headers: asUser(other),
        ...(method === 'PATCH' && { payload: { enabled: false } }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'id: you have no such relay destination.' });
    }
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/relays/${mine?.id ?? ''}`,
      headers: asUser(owner),
    });
    expect(removed.json()).toEqual({ ok: true });
    expect(await listRelays(app, owner)).toHaveLength(4);
  });
});
