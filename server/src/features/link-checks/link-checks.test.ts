import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LinkCheck } from '../../../../shared/link-checks.js';
import type { LinkWebhookBody } from '../../../../shared/link-webhooks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createLink } from '../short-links/test-helpers.js';

/** A destination server of the test's own on 127.0.0.1: /ok 200, /gone 404, /hop 302 to /ok, /loop to itself. */
async function startDestination() {
  const server = http.createServer((request, response) => {
    if (request.url === '/ok') response.writeHead(200).end('fine');
    else if (request.url === '/hop') response.writeHead(302, { location: '/ok' }).end();
    else if (request.url === '/loop') response.writeHead(301, { location: '/loop' }).end();
    else response.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(storageBackends)('destination checks on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let destination: Awaited<ReturnType<typeof startDestination>>;

  beforeAll(async () => {
    destination = await startDestination();
    // The address guard refuses loopback unless the operator allows private targets, as replay's tests do.
    app = await buildTestApp({ postgres, replayAllowPrivate: true });
    owner = await createSession(app);
  });
  afterAll(async () => {
    await app.close();
    await destination.close();
  });

  const check = (id: string, user = owner) =>
    app.inject({ method: 'POST', url: `/api/urls/${id}/check`, headers: asUser(user) });

  it('follows redirects and says the destination works, with its chain and time', async () => {
    const link = await createLink(app, owner, `${destination.origin}/hop`);
    const response = await check(link.id);
    expect(response.statusCode).toBe(200);
    const result = response.json<LinkCheck>();
    expect(result).toMatchObject({
      linkId: link.id,
      destination: `${destination.origin}/hop`,
      ok: true,
      status: 200,
      error: null,
      chain: [
        { url: `${destination.origin}/hop`, status: 302 },
        { url: `${destination.origin}/ok`, status: 200 },
      ],
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('marks a 404 destination broken, lists it, and announces link.broken once to the link’s endpoints', async () => {
    const link = await createLink(app, owner, `${destination.origin}/gone`);
    const endpoint = await app.inject({
      method: 'POST',
      url: '/api/link-webhooks',
      headers: asUser(owner),
      payload: { url: `${destination.origin}/hooks`, linkId: link.id },
    });
    expect(endpoint.statusCode).toBe(201);
    expect(endpoint.json<{ events: string[] }>().events).toContain('link.broken');

    const first = (await check(link.id)).json<LinkCheck>();
    expect(first).toMatchObject({ ok: false, status: 404, error: 'The destination answered 404.' });
    const listed = await app.inject({ method: 'GET', url: '/api/link-checks', headers: asUser(owner) });
    expect(listed.json<LinkCheck[]>().find((item) => item.linkId === link.id)).toEqual(first);

    const broken = () =>
      app.database.db
        .selectFrom('delivery_messages')
        .select('payload')
        .where('type', '=', 'link.broken')
        .where('endpoint_id', '=', endpoint.json<{ id: string }>().id)
        .execute();
    await vi.waitFor(async () => expect(await broken()).toHaveLength(1));
    const body = JSON.parse((await broken())[0]?.payload ?? '{}') as LinkWebhookBody;
    expect(body.type).toBe('link.broken');
    expect(body.data).toMatchObject({
      linkId: link.id,
      shortUrl: `http://localhost:80/s/${link.id}`,
      destination: `${destination.origin}/gone`,
      status: 404,
      error: 'The destination answered 404.',
      chain: [{ url: `${destination.origin}/gone`, status: 404 }],
    });
    // Still broken: not announced again.
    await check(link.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await broken()).toHaveLength(1);
  });

  it('stops after 5 redirects', async () => {
    const link = await createLink(app, owner, `${destination.origin}/loop`);
    const result = (await check(link.id)).json<LinkCheck>();
    expect(result).toMatchObject({ ok: false, status: 301, error: 'More than 5 redirects.' });
    expect(result.chain).toHaveLength(6);
  });

  it('answers 404 for another session’s link and 401 without a session', async () => {
    const link = await createLink(app, owner, `${destination.origin}/ok`);
    expect((await check(link.id, await createSession(app))).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/urls/${link.id}/check` })).statusCode).toBe(401);
  });
});

describe('destination checks through the address guard', () => {
  it('refuses a loopback destination unless the operator allows private targets', async () => {
    const destination = await startDestination();
    const app = await buildTestApp({ replayAllowPrivate: false });
    try {
      const owner = await createSession(app);
      const link = await createLink(app, owner, `${destination.origin}/ok`);
      const response = await app.inject({
        method: 'POST',
        url: `/api/urls/${link.id}/check`,
        headers: asUser(owner),
      });
      expect(response.json()).toMatchObject({
        ok: false,
        status: null,
        chain: [],
        error: `A check to ${new URL(destination.origin).host} is refused: it resolves to 127.0.0.1 (loopback address), which this server does not send requests to.`,
      });
    } finally {
      await app.close();
      await destination.close();
    }
  });
});
