import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagAnalytics, TagCount } from '../../../../shared/link-tags.js';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { CHROME_UA, GOOGLEBOT_UA, createLink, listLinks } from './test-helpers.js';

describe.each(storageBackends)('tags and notes of short links on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let stranger: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
    stranger = await createSession(app);
  });
  afterAll(() => app.close());

  function send(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, user = owner) {
    return app.inject({ method, url, headers: asUser(user), ...(payload && { payload }) });
  }

  async function click(link: ShortUrl, ip: string, at: number, userAgent = CHROME_UA) {
    const target = await app.services.links.resolve(link.id);
    if (!target) throw new Error('link not found');
    await app.services.clicks.recordClick(target, { ip, userAgent, referer: null, at });
  }

  it('stores tags (trimmed, lower-cased, each once, alphabetically) and a note, and returns them', async () => {
    const response = await send('POST', '/api/urls', {
      url: 'https://example.com/spring',
      tags: ['  Launch ', 'newsletter', 'LAUNCH', 'été 2026'],
      note: '  For the April mail-out.  ',
    });
    expect(response.statusCode).toBe(201);
    const link = response.json<ShortUrl>();
    expect(link.tags).toEqual(['launch', 'newsletter', 'été 2026']);
    expect(link.note).toBe('For the April mail-out.');
    const listed = (await listLinks(app, owner)).find((item) => item.id === link.id);
    expect(listed?.tags).toEqual(['launch', 'newsletter', 'été 2026']);
    expect(listed?.note).toBe('For the April mail-out.');
  });

  it('a link made without them has no tags and no note', async () => {
    const link = await createLink(app, owner);
    expect(link.tags).toEqual([]);
    expect(link.note).toBeNull();
  });

  it('refuses bad tags and notes with a clear 400 and stores nothing', async () => {
    const before = (await listLinks(app, owner)).length;
    const cases: [object, string][] = [
      [{ tags: 'launch' }, 'tags: tags must be a list of words, e.g. ["launch", "newsletter"].'],
      [{ tags: ['   '] }, 'tags[0]: A tag is 1 to 32 characters, without commas, e.g. "launch".'],
      [{ tags: ['x'.repeat(33)] }, 'tags[0]: A tag is 1 to 32 characters, without commas, e.g. "launch".'],
      [{ tags: ['a,b'] }, 'tags[0]: A tag is 1 to 32 characters, without commas, e.g. "launch".'],
      [{ tags: [7] }, 'tags[0]: A tag is 1 to 32 characters, without commas, e.g. "launch".'],
      [
        { tags: Array.from({ length: 11 }, (_, index) => `t${index}`) },
        'tags: A link can have at most 10 tags.',
      ],
      [{ note: 'x'.repeat(501) }, 'note: The note can be at most 500 characters.'],
      [{ note: 42 }, 'note: The note must be text.'],
    ];
    for (const [fields, error] of cases) {
      const response = await send('POST', '/api/urls', { url: 'https://example.com/bad', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect(await listLinks(app, owner)).toHaveLength(before);
  });

  it('accepts exactly 10 tags once duplicates are merged, 32 characters and a 500-character note', async () => {
    const tags = [...Array.from({ length: 10 }, (_, index) => `t${index}`), 'T0', 'x'.repeat(32)].slice(
      0,
      11,
    );
    const link = await createLink(app, owner, 'https://example.com/limits', {
      tags,
      note: 'n'.repeat(500),
    });
    expect(link.tags).toHaveLength(10);
    const long = await createLink(app, owner, 'https://example.com/long', { tags: ['x'.repeat(32)] });
    expect(long.tags).toEqual(['x'.repeat(32)]);
    expect(link.note).toHaveLength(500);
  });

  it('on edit, absent fields stay, new tags replace the old ones, [] and null remove them', async () => {
    const link = await createLink(app, owner, 'https://example.com/edit', { tags: ['a', 'b'], note: 'keep' });
    const unchanged = await send('PUT', `/api/urls/${link.id}`, { url: 'https://example.com/edit2' });
    expect(unchanged.json()).toMatchObject({
      url: 'https://example.com/edit2',
      tags: ['a', 'b'],
      note: 'keep',
    });
    const replaced = await send('PUT', `/api/urls/${link.id}`, {
      url: 'https://example.com/edit2',
      tags: ['C', 'b'],
      note: 'changed',
    });
    expect(replaced.json()).toMatchObject({ tags: ['b', 'c'], note: 'changed' });
    const cleared = await send('PUT', `/api/urls/${link.id}`, {
      url: 'https://example.com/edit2',
      tags: [],
      note: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ tags: [], note: null });
    await send('PUT', `/api/urls/${link.id}`, { url: 'https://example.com/edit2', tags: ['again'] });
    const nulled = await send('PUT', `/api/urls/${link.id}`, {
      url: 'https://example.com/edit2',
      tags: null,
    });
    expect(nulled.json()).toMatchObject({ tags: [] });
    const bad = await send('PUT', `/api/urls/${link.id}`, { url: 'https://example.com/edit2', tags: [''] });
    expect(bad.statusCode).toBe(400);
  });

  it('a renamed link keeps its tags; a deleted link takes them with it', async () => {
    const link = await createLink(app, owner, 'https://example.com/rename', { tags: ['moving'] });
    const renamed = await send('PUT', `/api/urls/${link.id}`, {
      url: 'https://example.com/rename',
      alias: `moved-${postgres ? 'pg' : 'sq'}`,
    });
    expect(renamed.json()).toMatchObject({ tags: ['moving'] });
    const id = renamed.json<ShortUrl>().id;
    const tagged = await send('GET', '/api/urls?tag=moving');
    expect(tagged.json<ShortUrl[]>().map((item) => item.id)).toEqual([id]);
    await app.inject({ method: 'DELETE', url: `/api/urls/${id}`, headers: asUser(owner) });
    expect((await send('GET', '/api/urls?tag=moving')).json()).toEqual([]);
    expect((await send('GET', '/api/tags')).json<TagCount[]>().map((item) => item.tag)).not.toContain(
      'moving',
    );
  });

  it('GET /api/urls?tag= keeps the session’s links carrying the tag, in any case', async () => {
    const first = await createLink(app, owner, 'https://example.com/f1', { tags: ['filter-me', 'other'] });
    await createLink(app, owner, 'https://example.com/f2', { tags: ['other'] });
    const second = await createLink(app, owner, 'https://example.com/f3', { tags: ['filter-me'] });
    await createLink(app, stranger, 'https://example.com/f4', { tags: ['filter-me'] });
    const response = await send('GET', '/api/urls?tag=Filter-Me');
    expect(response.statusCode).toBe(200);
    expect(response.json<ShortUrl[]>().map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await send('GET', '/api/urls?tag=nobody-has-this')).json()).toEqual([]);
    expect((await send('GET', '/api/urls?tag=a,b')).json()).toEqual([]);
    expect((await send('GET', '/api/urls?tag=')).json<ShortUrl[]>().length).toBeGreaterThan(2);
    const twice = await send('GET', '/api/urls?tag=a&tag=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ error: 'tag: tag must be one tag, e.g. ?tag=launch.' });
  });

  it('GET /api/tags lists the session’s tags with their link counts', async () => {
    const user = await createSession(app);
    await createLink(app, user, 'https://example.com/t1', { tags: ['beta', 'alpha'] });
    await createLink(app, user, 'https://example.com/t2', { tags: ['alpha'] });
    await createLink(app, user, 'https://example.com/t3');
    const response = await send('GET', '/api/tags', undefined, user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { tag: 'alpha', links: 2 },
      { tag: 'beta', links: 1 },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/tags' })).statusCode).toBe(401);
  });

  it('tag analytics add up the clicks of the tag’s links, count visitors once and leave bots out', async () => {
    const user = await createSession(app);
    const a = await createLink(app, user, 'https://example.com/a', { tags: ['campaign'] });
    const b = await createLink(app, user, 'https://example.com/b', { tags: ['campaign', 'Other'] });
    const untagged = await createLink(app, user, 'https://example.com/c', { tags: ['other'] });
    await createLink(app, user, 'https://example.com/d', { tags: ['campaign'] });
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    await click(a, '8.8.8.8', Date.UTC(2024, 0, 1, 10));
    await click(a, '8.8.8.8', Date.UTC(2024, 0, 1, 23, 59, 59));
    await click(a, '1.1.1.1', Date.UTC(2024, 0, 2, 0, 0, 1));
    await click(b, '8.8.8.8', now);
    await click(b, '9.9.9.9', now);
    await click(b, '9.9.9.9', now, GOOGLEBOT_UA);
    await click(untagged, '4.4.4.4', now);

    const all = await send('GET', '/api/tags/Campaign/analytics', undefined, user);
    expect(all.statusCode).toBe(200);
    expect(all.json<TagAnalytics>()).toEqual({
      tag: 'campaign',
      links: 3,
      totalClicks: 5,
      uniqueVisitors: 3,
      byDay: [
        { day: '2024-01-01', clicks: 2 },
        { day: '2024-01-02', clicks: 1 },
        { day: today, clicks: 2 },
      ],
      period: 'all',
    });
    const week = await send('GET', '/api/tags/campaign/analytics?period=7d', undefined, user);
    expect(week.json<TagAnalytics>()).toEqual({
      tag: 'campaign',
      links: 3,
      totalClicks: 5,
      uniqueVisitors: 2,
      byDay: [{ day: today, clicks: 2 }],
      period: '7d',
    });
  });

  it('tag analytics answer 404 for a tag none of the session’s links has, 400 for a bad period', async () => {
    const user = await createSession(app);
    await createLink(app, stranger, 'https://example.com/s', { tags: ['theirs'] });
    const missing = await send('GET', '/api/tags/theirs/analytics', undefined, user);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'None of your links has this tag.' });
    await createLink(app, user, 'https://example.com/s', { tags: ['mine'] });
    const period = await send('GET', '/api/tags/mine/analytics?period=year', undefined, user);
    expect(period.statusCode).toBe(400);
    expect(period.json()).toEqual({ error: 'period: must be one of 7d, 30d, 90d, all.' });
    await createLink(app, user, 'https://example.com/s', { tags: ['q3/eu'] });
    const slashed = await send('GET', `/api/tags/${encodeURIComponent('q3/eu')}/analytics`, undefined, user);
    expect(slashed.json()).toMatchObject({ tag: 'q3/eu', links: 1 });
    const nobody = await app.inject({ method: 'GET', url: '/api/tags/mine/analytics' });
    expect(nobody.statusCode).toBe(401);
  });
});
