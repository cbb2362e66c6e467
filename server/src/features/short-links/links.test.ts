import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_URL_MESSAGE, type ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { LINK_ID_ALPHABET } from './link-id.js';
import { createLink, listLinks } from './test-helpers.js';
import { parsePublicOrigin } from '../../config.js';

describe.each(storageBackends)('short URL API on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let stranger: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
    stranger = await createSession(app);
  });
  afterAll(() => app.close());

  function send(method: 'POST' | 'PUT', url: string, payload: unknown, user: SessionUser | null = owner) {
    return app.inject({ method, url, headers: user ? asUser(user) : {}, payload: payload as object });
  }

  it('answers 401 on every call without a session', async () => {
    const link = await createLink(app, owner);
    const calls = [
      app.inject({ method: 'GET', url: '/api/urls' }),
      send('POST', '/api/urls', { url: 'https://example.com' }, null),
      send('PUT', `/api/urls/${link.id}`, { url: 'https://example.com' }, null),
      app.inject({ method: 'DELETE', url: `/api/urls/${link.id}` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('creates a link and answers the stored object', async () => {
    const response = await send('POST', '/api/urls', { url: '  https://example.com/a/long/path?q=1  ' });
    expect(response.statusCode).toBe(201);
    const link = response.json<ShortUrl>();
    expect(link).toEqual({
      id: expect.stringMatching(new RegExp(`^[${LINK_ID_ALPHABET}]{7}$`)),
      url: 'https://example.com/a/long/path?q=1',
      shortUrl: `https://hookbay.example/s/${link.id}`,
      clicks: 0,
      createdAt: expect.any(String),
      timestamp: link.createdAt,
      alias: null,
      expiresAt: null,
      maxClicks: null,
      hasPassword: false,
      disabledAt: null,
      state: 'active',
      forwardQuery: true,
      rules: [],
      externalId: null,
      tags: [],
      note: null,
      card: null,
      redirectStatus: 302,
      fallbackUrl: null,
      startsAt: null,
      split: null,
    });
    expect(new Date(link.createdAt).toISOString()).toBe(link.createdAt);
  });

  it('builds short URLs on the request origin when PUBLIC_URL is not set', async () => {
    const plain = await buildTestApp({ postgres });
    const user = await createSession(plain);
    const response = await plain.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...asUser(user), host: 'links.example:8080' },
      payload: { url: 'https://example.com' },
    });
    expect(response.json<ShortUrl>().shortUrl).toMatch(/^http:\/\/links\.example:8080\/s\/\w{7}$/);
    await plain.close();
  });

  it('gives every link a different random id', async () => {
    const links = await Promise.all(Array.from({ length: 20 }, () => createLink(app, owner)));
    expect(new Set(links.map((link) => link.id)).size).toBe(20);
    for (const link of links) expect(link.id).not.toMatch(/[0Oo1lI]/);
  });

  it('lists only the session’s own links, newest first', async () => {
    const user = await createSession(app);
    const first = await createLink(app, user, 'https://example.com/first');
    const second = await createLink(app, user, 'https://example.com/second');
    await createLink(app, stranger, 'https://example.com/not-mine');
    const listed = await listLinks(app, user);
    expect(listed.map((link) => link.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual(second);
  });

  it.each([
    ['an empty URL', '   ', INVALID_URL_MESSAGE],
    ['a missing URL', undefined, INVALID_URL_MESSAGE],
    ['an ftp:// URL', 'ftp://example.com/file', INVALID_URL_MESSAGE],
    ['a URL without a dot', 'https://localhost/x', INVALID_URL_MESSAGE],
    ['a URL that does not parse', 'https://exa mple.com', INVALID_URL_MESSAGE],
    ['a URL of 2,049 characters', `https://example.com/${'a'.repeat(2029)}`, 'at most 2,048 characters'],
    ['a URL with a user name and password', 'https://user:secret@example.com/', 'user name or password'],
    ['a URL with a user name only', 'https://user@example.com/', 'user name or password'],
    ['a short link of this server (PUBLIC_URL)', 'https://hookbay.example/s/abcdefg', 'already a short link'],
    [
      'a short link of this server (request host)',
      'http://localhost.localdomain/s/x',
      'already a short link',
    ],
    ['an encoded short link path', 'https://HOOKBAY.example.//%73/abcdefg', 'already a short link'],
    ['a line break inside the URL', 'https://example.com/a\nb', 'control characters'],
  ])('refuses %s with 400 and stores nothing', async (_case, url, message) => {
    const user = await createSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...asUser(user), host: 'localhost.localdomain:3000' },
      payload: url === undefined ? {} : { url },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: string }>();
    expect(error).toContain(message);
    expect(await listLinks(app, user)).toEqual([]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...asUser(owner), 'content-type': 'text/plain' },
      payload: 'https://example.com',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('accepts a URL of exactly 2,048 characters and links to other paths of this server', async () => {
    const long = `https://example.com/${'a'.repeat(2028)}`;
    expect((await send('POST', '/api/urls', { url: long })).statusCode).toBe(201);
    expect((await send('POST', '/api/urls', { url: 'https://hookbay.example/webhook' })).statusCode).toBe(
      201,
    );
  });

  it('edits the URL and keeps id, clicks and creation time', async () => {
    const link = await createLink(app, owner, 'https://example.com/old');
    const response = await send('PUT', `/api/urls/${link.id}`, { url: ' https://example.org/new ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...link, url: 'https://example.org/new' });
    const listed = await listLinks(app, owner);
    expect(listed.find((item) => item.id === link.id)?.url).toBe('https://example.org/new');
  });

  it('validates an edit like a new link', async () => {
    const link = await createLink(app, owner);
    const response = await send('PUT', `/api/urls/${link.id}`, { url: 'ftp://example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `url: ${INVALID_URL_MESSAGE}` });
  });

  it('answers 404 when editing or deleting another session’s link, and leaves it alone', async () => {
    const link = await createLink(app, owner, 'https://example.com/mine');
    const edit = await send('PUT', `/api/urls/${link.id}`, { url: 'https://evil.example/' }, stranger);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/urls/${link.id}`,
      headers: asUser(stranger),
    });
    expect(edit.statusCode).toBe(404);
    expect(remove.statusCode).toBe(404);
    expect(edit.json()).toEqual({ error: expect.any(String) });
    const listed = await listLinks(app, owner);
    expect(listed.find((item) => item.id === link.id)?.url).toBe('https://example.com/mine');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['zzzzzzz', 'not-an-id', '0O1lI00']) {
      const edit = await send('PUT', `/api/urls/${id}`, { url: 'https://example.com/' });
      const remove = await app.inject({ method: 'DELETE', url: `/api/urls/${id}`, headers: asUser(owner) });
      expect([edit.statusCode, remove.statusCode]).toEqual([404, 404]);
    }
  });

  it('deletes a link: it leaves the list and its short URL stops working', async () => {
    const link = await createLink(app, owner);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await listLinks(app, owner)).some((item) => item.id === link.id)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/s/${link.id}` })).statusCode).toBe(404);
    const again = await app.inject({ method: 'DELETE', url: `/api/urls/${link.id}`, headers: asUser(owner) });
    expect(again.statusCode).toBe(404);
  });
});
