import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createLink, readAnalytics, visit } from './test-helpers.js';

const HOUR_MS = 60 * 60 * 1000;
const FALLBACK = 'https://example.com/sorry';

describe.each(storageBackends)('redirect status, fallback and start on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  function create(body: object) {
    return app.inject({ method: 'POST', url: '/api/urls', headers: asUser(owner), payload: body });
  }

  function edit(link: ShortUrl, body: object) {
    return app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
      payload: { url: link.url, ...body },
    });
  }

  it('answers 302 by default, and the status each link chose', async () => {
    const plain = await createLink(app, owner, 'https://example.com/plain');
    expect(plain).toMatchObject({ redirectStatus: 302, fallbackUrl: null, startsAt: null });
    const plainVisit = await visit(app, plain.id);
    expect(plainVisit.statusCode).toBe(302);
    expect(plainVisit.headers['cache-control']).toBe('no-store');

    for (const status of [301, 307, 308] as const) {
      const link = await createLink(app, owner, `https://example.com/${status}`, { redirectStatus: status });
      expect(link.redirectStatus).toBe(status);
      const response = await visit(app, link.id);
      expect(response.statusCode).toBe(status);
      expect(response.headers.location).toBe(`https://example.com/${status}`);
      expect(response.headers['cache-control']).toBe(status === 307 ? 'no-store' : 'private, max-age=3600');
    }
    const analytics = await readAnalytics(app, owner, plain.id);
    expect(analytics.totalClicks).toBe(1);
  });

  it('changes the status on edit, keeps it when left out, and goes back to 302 with null', async () => {
    const link = await createLink(app, owner, 'https://example.com/edit', { redirectStatus: 308 });
    expect((await edit(link, { note: 'kept' })).json<ShortUrl>().redirectStatus).toBe(308);
    expect((await edit(link, { redirectStatus: 301 })).json<ShortUrl>().redirectStatus).toBe(301);
    expect((await visit(app, link.id)).statusCode).toBe(301);
    expect((await edit(link, { redirectStatus: null })).json<ShortUrl>().redirectStatus).toBe(302);
    expect((await visit(app, link.id)).statusCode).toBe(302);
  });

  it('refuses another status, a bad fallback and a start after the expiry, naming the field', async () => {
    const status = await create({ url: 'https://example.com', redirectStatus: 303 });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ error: 'redirectStatus: redirectStatus is one of 301, 302, 307, 308.' });
    const fallback = await create({ url: 'https://example.com', fallbackUrl: 'ftp://nope' });
    expect(fallback.statusCode).toBe(400);
    expect(fallback.json()).toEqual({
      error: 'fallbackUrl: Please enter a valid URL starting with http:// or https://',
    });
    const start = await create({
      url: 'https://example.com',
      startsAt: new Date(Date.now() + 2 * HOUR_MS).toISOString(),
      expiresAt: new Date(Date.now() + HOUR_MS).toISOString(),
    });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toEqual({ error: 'startsAt: The start must come before the expiry.' });
  });

  it('sends visitors of a used-up or expired link to its fallback, counting no click', async () => {
    const limited = await createLink(app, owner, 'https://example.com/limited', {
      maxClicks: 1,
      fallbackUrl: FALLBACK,
      redirectStatus: 301,
    });
    expect(limited.fallbackUrl).toBe(FALLBACK);
    expect((await visit(app, limited.id)).statusCode).toBe(301);
    const usedUp = await visit(app, limited.id);
    expect(usedUp.statusCode).toBe(302);
    expect(usedUp.headers.location).toBe(FALLBACK);
    expect(usedUp.headers['cache-control']).toBe('no-store');
    expect((await visit(app, limited.id, { method: 'HEAD' })).headers.location).toBe(FALLBACK);
    expect((await readAnalytics(app, owner, limited.id)).totalClicks).toBe(1);

    const expiring = await createLink(app, owner, 'https://example.com/expiring', {
      expiresAt: new Date(Date.now() + HOUR_MS).toISOString(),
    });
    const ended = await edit(expiring, {
      expiresAt: new Date(Date.now() - HOUR_MS).toISOString(),
      fallbackUrl: FALLBACK,
    });
    expect(ended.json<ShortUrl>().state).toBe('expired');
    const expired = await visit(app, expiring.id);
    expect(expired.statusCode).toBe(302);
    expect(expired.headers.location).toBe(FALLBACK);
    expect((await readAnalytics(app, owner, expiring.id)).totalClicks).toBe(0);

    // Without a fallback, the page as before.
    await edit(expiring, { fallbackUrl: null });
    expect((await visit(app, expiring.id)).statusCode).toBe(410);
  });

  it('answers a link before its start with a 404 page, or its fallback, and opens it afterwards', async () => {
    const startsAt = new Date(Date.now() + HOUR_MS).toISOString();
    const link = await createLink(app, owner, 'https://example.com/later', { startsAt });
    expect(link).toMatchObject({ startsAt, state: 'not-started' });
    const early = await visit(app, link.id);
    expect(early.statusCode).toBe(404);
    expect(early.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(early.body).toContain('<h1 class="h4 mb-3">This link is not active yet</h1>');
    expect(early.body).toContain('Its owner set it to start working on');

    await edit(link, { fallbackUrl: FALLBACK });
    const toFallback = await visit(app, link.id);
    expect(toFallback.statusCode).toBe(302);
    expect(toFallback.headers.location).toBe(FALLBACK);
    expect((await readAnalytics(app, owner, link.id)).totalClicks).toBe(0);

    const opened = await edit(link, { startsAt: new Date(Date.now() - 1000).toISOString() });
    expect(opened.json<ShortUrl>().state).toBe('active');
    const now = await visit(app, link.id);
    expect(now.statusCode).toBe(302);
    expect(now.headers.location).toBe('https://example.com/later');
    expect((await readAnalytics(app, owner, link.id)).totalClicks).toBe(1);
  });

  it('takes the options in bulk too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/urls/bulk',
      headers: asUser(owner),
      payload: [
        { url: 'https://example.com/bulk', redirectStatus: 308, fallbackUrl: FALLBACK },
        { url: 'https://example.com/bulk-2', fallbackUrl: 'not a url' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [made, refused] = response.json<[ShortUrl, object]>();
    expect(made).toMatchObject({ redirectStatus: 308, fallbackUrl: FALLBACK });
    expect(refused).toEqual({
      index: 1,
      status: 400,
      error: 'fallbackUrl: Please enter a valid URL starting with http:// or https://',
    });
  });
});
