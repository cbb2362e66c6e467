import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { CHROME_UA, createLink, readAnalytics } from '../short-links/test-helpers.js';

describe.each(storageBackends)('query-string forwarding on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  function open(path: string, method: 'GET' | 'HEAD' = 'GET') {
    return app.inject({ method, url: path, headers: { 'user-agent': CHROME_UA }, remoteAddress: '8.8.8.8' });
  }

  function enterPassword(path: string, password: string) {
    return app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME_UA },
      payload: new URLSearchParams({ password, referer: '' }).toString(),
      remoteAddress: '8.8.8.8',
    });
  }

  it('merges the visit’s query into the destination’s, the visit winning, the fragment kept', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p?a=0&b=2#top');
    expect(link.forwardQuery).toBe(true);
    const response = await open(`/s/${link.id}?a=1&c=3`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://ex.com/p?a=1&b=2&c=3#top');
    expect((await readAnalytics(app, owner, link.id)).totalClicks).toBe(1);
  });

  it('adds the query to a destination without one and keeps encoded values as sent', async () => {
    const link = await createLink(app, owner, 'https://example.com/landing');
    const response = await open(`/s/${link.id}?utm_source=news%20letter&next=%2Fcart&tag=a&tag=b`);
    expect(response.headers.location).toBe(
      'https://example.com/landing?utm_source=news%20letter&next=%2Fcart&tag=a&tag=b',
    );
  });

  it('leaves the destination as it is for a visit without a query', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p?a=0&b=2#top');
    expect((await open(`/s/${link.id}`)).headers.location).toBe('https://ex.com/p?a=0&b=2#top');
    expect((await open(`/s/${link.id}?`)).headers.location).toBe('https://ex.com/p?a=0&b=2#top');
  });

  it('answers HEAD with the same Location, counting nothing', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p?a=0');
    const response = await open(`/s/${link.id}?a=1&c=3`, 'HEAD');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://ex.com/p?a=1&c=3');
    expect((await readAnalytics(app, owner, link.id)).totalClicks).toBe(0);
  });

  it('passes nothing on when the link’s switch is off, and again once it is on', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p?a=0', { forwardQuery: false });
    expect(link.forwardQuery).toBe(false);
    expect((await open(`/s/${link.id}?a=1&c=3`)).headers.location).toBe('https://ex.com/p?a=0');

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
      payload: { url: 'https://ex.com/p?a=0', forwardQuery: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ forwardQuery: true });
    expect((await open(`/s/${link.id}?a=1&c=3`)).headers.location).toBe('https://ex.com/p?a=1&c=3');
  });

  it('keeps the switch as it is on an edit that leaves it out', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p', { forwardQuery: false });
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
      payload: { url: 'https://ex.com/other' },
    });
    expect(edited.json()).toMatchObject({ url: 'https://ex.com/other', forwardQuery: false });
    expect((await open(`/s/${link.id}?a=1`)).headers.location).toBe('https://ex.com/other');
  });

  it('refuses a switch that is not true or false', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: asUser(owner),
      payload: { url: 'https://ex.com/p', forwardQuery: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'forwardQuery: forwardQuery must be true or false.' });
  });

  it('carries the first visit’s query through the password form to the destination', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p?a=0', { password: 'open sesame' });
    const form = await open(`/s/${link.id}?a=1&c=3`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`action="/s/${link.id}?a=1&#38;c=3"`);

    const wrong = await enterPassword(`/s/${link.id}?a=1&c=3`, 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`action="/s/${link.id}?a=1&#38;c=3"`);

    const right = await enterPassword(`/s/${link.id}?a=1&c=3`, 'open sesame');
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe('https://ex.com/p?a=1&c=3');
  });

  it('leaves the query out of the password form when the link does not forward it', async () => {
    const link = await createLink(app, owner, 'https://ex.com/p', { password: 'pw', forwardQuery: false });
    const form = await open(`/s/${link.id}?a=1`);
    expect(form.body).toContain(`action="/s/${link.id}"`);
  });
});
