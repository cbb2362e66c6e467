import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsPeriod, NamedCount, ShortUrl, UrlAnalytics } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  CHROME_UA,
  GOOGLEBOT_UA,
  SAFARI_IPHONE_UA,
  SLACKBOT_UA,
  createLink,
  readAnalytics,
  visit,
} from './test-helpers.js';
import { toClickRow } from './clicks.repo.js';
import { type NewClick } from './new-click.js';
import { parsePublicOrigin } from '../../config.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LANDING_URL = 'https://example.com/landing';
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A page answered instead of a redirect: HTML, never cached, with no inline script or style. */
function expectLinkPage(response: LightMyRequestResponse, status: number, title: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.location).toBeUndefined();
  expect(response.body).toContain(`<h1 class="h4 mb-3">${title}</h1>`);
  expect(response.body).not.toMatch(/<style|\sstyle=|<script>|<script(?![^>]*\ssrc=)/);
}

describe.each(storageBackends)('short-link options on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  function create(body: object, user: SessionUser = owner) {
    return app.inject({ method: 'POST', url: '/api/urls', headers: asUser(user), payload: body });
  }

  function update(id: string, body: object) {
    return app.inject({ method: 'PUT', url: `/api/urls/${id}`, headers: asUser(owner), payload: body });
  }

  function enterPassword(id: string, password: string, remoteAddress = '8.8.8.8', referer = '') {
    return app.inject({
      method: 'POST',
      url: `/s/${id}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': CHROME_UA,
        referer: `https://hookbay.example/s/${id}`,
      },
      payload: new URLSearchParams({ password, referer }).toString(),
      remoteAddress,
    });
  }

  async function clicksOf(id: string): Promise<number> {
    return (await readAnalytics(app, owner, id)).totalClicks;
  }

  async function analyticsOver(id: string, period: AnalyticsPeriod): Promise<UrlAnalytics> {
    const response = await app.inject({
      method: 'GET',
      url: `/s/${id}/analytics?period=${period}`,
      headers: asUser(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UrlAnalytics>();
  }

  /**
   * Stores a person's click at any time, as the click writer would: its row, which the unique
   * visitors are counted from, and its per-day counters, which the rest of the analytics read.
   * The link's all-time click counter is left as it is.
   */
  async function insertPersonClick(click: NewClick): Promise<void> {
    const day = new Date(click.createdAt).toISOString().slice(0, 10);
    const counted = {
      country: click.country,
      referer: click.referer,
      user_agent: click.userAgent,
      ...(click.visitorHash && { visitor: click.visitorHash }),
    };
    await app.database.db.insertInto('short_link_clicks').values(toClickRow(click)).execute();
    await app.database.db
      .insertInto('short_link_click_counts')
      .values(
        Object.entries(counted).map(([dimension, value]) => ({
          url_id: click.urlId,
          dimension,
          day,
          // The counters store a missing value as '' (migration 006).
          value: value ?? '',
          clicks: 1,
        })),
      )
      .execute();
  }

  describe('alias', () => {
    it('becomes the link id and its short URL', async () => {
      const link = await createLink(app, owner, LANDING_URL, {
        alias: `Launch_${postgres ? 'pg' : 'lite'}-1`,
      });
      expect(link.id).toBe(`Launch_${postgres ? 'pg' : 'lite'}-1`);
      expect(link.alias).toBe(link.id);
      expect(link.shortUrl).toBe(`https://hookbay.example/s/${link.id}`);
      const response = await visit(app, link.id);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://example.com/landing');
    });

    it.each([
      ['too short', 'ab'],
      ['too long', 'a'.repeat(65)],
      ['with a space', 'my link'],
      ['with a dot', 'my.link'],
      ['with a slash', 'my/link'],
    ])('is refused when %s', async (_case, alias) => {
      const response = await create({ url: 'https://example.com', alias });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error:
          'alias: An alias is 3 to 64 letters, digits, hyphens (-) or underscores (_), e.g. my-launch-2025.',
      });
    });

    it.each(['api', 'Analytics', 'ADMIN', 'webhook', 'healthz', 'cli'])(
      'refuses the reserved word %s',
      async (alias) => {
        const response = await create({ url: 'https://example.com', alias });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'alias: This alias is reserved by the site; choose another.',
        });
      },
    );

    it('answers 409 with a free variant when taken, by any session', async () => {
      await createLink(app, owner, LANDING_URL, { alias: 'taken-one' });
      await createLink(app, owner, LANDING_URL, { alias: 'taken-one-2' });
      const other = await createSession(app);
      const response = await create({ url: 'https://example.com', alias: 'taken-one' }, other);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'This alias is already taken; choose another.',
        suggestion: 'taken-one-3',
      });
    });

    it('is case-sensitive', async () => {
      await createLink(app, owner, LANDING_URL, { alias: 'CaseLink' });
      const lower = await createLink(app, owner, 'https://example.com/lower', { alias: 'caselink' });
      expect(lower.id).toBe('caselink');
      expect((await visit(app, 'CaseLink')).headers.location).toBe('https://example.com/landing');
      expect((await visit(app, 'caselink')).headers.location).toBe('https://example.com/lower');
    });

    it('renames the link on edit: the old short URL stops working, the clicks stay', async () => {
      const link = await createLink(app, owner, LANDING_URL, { alias: 'before-rename' });
      await visit(app, link.id);
      const response = await update(link.id, { url: link.url, alias: 'after-rename' });
      expect(response.statusCode).toBe(200);
      expect(response.json<ShortUrl>()).toMatchObject({
        id: 'after-rename',
        alias: 'after-rename',
        clicks: 1,
      });
      expect((await visit(app, 'before-rename')).statusCode).toBe(404);
      expect((await visit(app, 'after-rename')).statusCode).toBe(302);
      expect(await clicksOf('after-rename')).toBe(2);
    });

    it('answers 409 on edit when the new alias is taken', async () => {
      await createLink(app, owner, LANDING_URL, { alias: 'rename-target' });
      const link = await createLink(app, owner, LANDING_URL);
      const response = await update(link.id, { url: link.url, alias: 'rename-target' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ suggestion: 'rename-target-2' });
      expect((await visit(app, link.id)).statusCode).toBe(302);
    });
  });

  describe('expiry', () => {
    it('must be in the future on create', async () => {
      const past = await create({
        url: 'https://example.com',
        expiresAt: new Date(Date.now() - HOUR_MS).toISOString(),
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ error: 'expiresAt: The expiry date must be in the future.' });
      const malformed = await create({ url: 'https://example.com', expiresAt: 'tomorrow' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        error: 'expiresAt: expiresAt must be a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
      });
    });

    it('redirects before it and answers 410 after it, counting nothing', async () => {
      const expiresAt = new Date(Date.now() + HOUR_MS).toISOString();
      const link = await createLink(app, owner, LANDING_URL, { expiresAt });
      expect(link.expiresAt).toBe(expiresAt);
      expect((await visit(app, link.id)).statusCode).toBe(302);

      const ended = await update(link.id, { url: link.url, expiresAt: '2025-03-01T09:30:00Z' });
      expect(ended.json<ShortUrl>()).toMatchObject({
        expiresAt: '2025-03-01T09:30:00.000Z',
        state: 'expired',
      });
      const response = await visit(app, link.id);
      expectLinkPage(response, 410, 'This link expired on March 1, 2025 at 09:30 UTC');
      expect(await clicksOf(link.id)).toBe(1);
      expect((await readAnalytics(app, owner, link.id)).recentClicks).toHaveLength(1);
    });

    it('is removed with null on edit', async () => {
      const link = await createLink(app, owner, LANDING_URL, {
        expiresAt: new Date(Date.now() + HOUR_MS).toISOString(),
      });
      const response = await update(link.id, { url: link.url, expiresAt: null });
      expect(response.json<ShortUrl>().expiresAt).toBeNull();
    });
  });

  describe('click limit', () => {
    it('answers 410 after that many counted clicks', async () => {
      const link = await createLink(app, owner, LANDING_URL, { maxClicks: 2 });
      expect(link.maxClicks).toBe(2);
      expect((await visit(app, link.id)).statusCode).toBe(302);
      expect((await visit(app, link.id)).statusCode).toBe(302);
      expectLinkPage(await visit(app, link.id), 410, 'This link reached its visit limit');
      const analytics = await readAnalytics(app, owner, link.id);
      expect(analytics.totalClicks).toBe(2);
      expect(analytics.recentClicks).toHaveLength(2);
      expect(analytics.state).toBe('limit-reached');
    });

    it('is never used up by bots and link previews, which are still recorded', async () => {
      const link = await createLink(app, owner, LANDING_URL, { maxClicks: 1 });
      expect((await visit(app, link.id, { method: 'HEAD' })).statusCode).toBe(302);
      expect((await visit(app, link.id, { userAgent: GOOGLEBOT_UA })).statusCode).toBe(302);
      expect((await visit(app, link.id, { userAgent: SLACKBOT_UA })).statusCode).toBe(302);
      expect((await visit(app, link.id)).statusCode).toBe(302);
      const analytics = await readAnalytics(app, owner, link.id);
      expect(analytics.totalClicks).toBe(1);
      expect(analytics.botClicks).toBe(2);
      // Once used up, previews and link checkers get the same answer as people.
      expect((await visit(app, link.id, { userAgent: SLACKBOT_UA })).statusCode).toBe(410);
      expect((await visit(app, link.id, { method: 'HEAD' })).statusCode).toBe(410);
    });

    it('holds when many visitors arrive at once', async () => {
      const link = await createLink(app, owner, LANDING_URL, { maxClicks: 5 });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) => visit(app, link.id, { remoteAddress: `8.8.4.${index}` })),
      );
      expect(responses.filter((response) => response.statusCode === 302)).toHaveLength(5);
      expect(responses.filter((response) => response.statusCode === 410)).toHaveLength(25);
      expect(await clicksOf(link.id)).toBe(5);
    });

    it('refuses what is not a positive whole number', async () => {
      for (const maxClicks of [0, -1, 1.5, '3']) {
        const response = await create({ url: 'https://example.com', maxClicks });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: string }>().error).toMatch(/^maxClicks: The click limit must be/);
      }
    });

    it('can be raised on edit to open the link again', async () => {
      const link = await createLink(app, owner, LANDING_URL, { maxClicks: 1 });
      await visit(app, link.id);
      expect((await visit(app, link.id)).statusCode).toBe(410);
      await update(link.id, { url: link.url, maxClicks: 3 });
      expect((await visit(app, link.id)).statusCode).toBe(302);
    });
  });

  describe('password', () => {
    it('is never sent back; the link says it has one', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      expect(link.hasPassword).toBe(true);
      expect(link.state).toBe('password-protected');
      expect(JSON.stringify(link)).not.toMatch(/sesame|scrypt/);
      const listed = await app.inject({ method: 'GET', url: '/api/urls', headers: asUser(owner) });
      expect(listed.body).not.toMatch(/sesame|scrypt|passwordHash/);
    });

    it('shows a password page first and counts nothing', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      const response = await visit(app, link.id);
      expectLinkPage(response, 200, 'This link is password-protected');
      expect(response.body).toContain(`<form method="post" action="/s/${link.id}">`);
      expect(response.body).toContain('name="password"');
      expect(await clicksOf(link.id)).toBe(0);
    });

    it('shows the page again with an error for a wrong password, counting nothing', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      const response = await enterPassword(link.id, 'open sesame!');
      expectLinkPage(response, 401, 'This link is password-protected');
      expect(response.body).toContain('Wrong password. Please try again.');
      expect(await clicksOf(link.id)).toBe(0);
    });

    it('redirects and counts one click for the right password, with the referer from before the form', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      const form = await visit(app, link.id, { referer: 'https://news.example/post' });
      expect(form.body).toContain('<input type="hidden" name="referer" value="https://news.example/post">');
      const response = await enterPassword(link.id, 'open sesame', '8.8.8.8', 'https://news.example/post');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://example.com/landing');
      expect(response.headers['cache-control']).toBe('no-store');
      const analytics = await readAnalytics(app, owner, link.id);
      expect(analytics.totalClicks).toBe(1);
      expect(analytics.recentClicks.map((click) => click.referer)).toEqual(['https://news.example/post']);
    });

    it('allows 10 wrong tries per visitor in 10 minutes, then answers 429 with Retry-After', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await enterPassword(link.id, 'guess', '9.9.9.9')).statusCode).toBe(401);
      }
      const refused = await enterPassword(link.id, 'open sesame', '9.9.9.9');
      expectLinkPage(refused, 429, 'Too many wrong passwords');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      // Another visitor is not held up.
      expect((await enterPassword(link.id, 'open sesame', '1.1.1.1')).statusCode).toBe(302);
      expect(await clicksOf(link.id)).toBe(1);
    });

    it('is removed with null on edit, and the link redirects again', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      const response = await update(link.id, { url: link.url, password: null });
      expect(response.json<ShortUrl>()).toMatchObject({ hasPassword: false, state: 'active' });
      expect((await visit(app, link.id)).statusCode).toBe(302);
    });

    it('stays as it is when an edit leaves it out', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'open sesame' });
      await update(link.id, { url: 'https://example.com/elsewhere' });
      expect((await enterPassword(link.id, 'open sesame')).headers.location).toBe(
        'https://example.com/elsewhere',
      );
    });

    it('counts against the click limit when both are set', async () => {
      const link = await createLink(app, owner, LANDING_URL, { password: 'pw', maxClicks: 1 });
      expect((await enterPassword(link.id, 'pw')).statusCode).toBe(302);
      expectLinkPage(await enterPassword(link.id, 'pw'), 410, 'This link reached its visit limit');
    });
  });

  describe('refused destinations', () => {
    it.each([
      [
        'a short link of this site',
        'https://hookbay.example/s/abcdefg',
        'This is already a short link of this site; shorten the page it leads to.',
      ],
      [
        'a URL with credentials',
        'https://user:pass@example.com/x',
        'Links with a user name or password in them cannot be shortened.',
      ],
      [
        'another scheme',
        'ftp://files.example.com/x',
        'url: Please enter a valid URL starting with http:// or https://',
      ],
    ])('refuses %s', async (_case, url, error) => {
      const response = await create({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });
  });

  describe('analytics', () => {
    it('breaks clicks down by device type from the stored user agents', async () => {
      const link = await createLink(app, owner, LANDING_URL);
      await visit(app, link.id, { userAgent: CHROME_UA });
      await visit(app, link.id, { userAgent: SAFARI_IPHONE_UA });
      await visit(app, link.id, { userAgent: IPAD_UA });
      await visit(app, link.id, { userAgent: GOOGLEBOT_UA });
      expect((await readAnalytics(app, owner, link.id)).byDevice).toEqual([
        { name: 'desktop', clicks: 1 },
        { name: 'mobile', clicks: 1 },
        { name: 'tablet', clicks: 1 },
        { name: 'bot', clicks: 1 },
      ]);
    });

    it('narrows to a period and refuses unknown periods', async () => {
      const link = await createLink(app, owner, LANDING_URL);
      await visit(app, link.id);
      const tenDaysAgo = Date.now() - 10 * DAY_MS;
      await insertPersonClick({
        urlId: link.id,
        createdAt: tenDaysAgo,
        ip: '203.0.113.10',
        city: null,
        region: null,
        country: 'NZ',
        isp: null,
        userAgent: SAFARI_IPHONE_UA,
        referer: 'https://old.example/post',
        isBot: false,
        botReason: null,
        visitorHash: '0123456789abcdef',
      });
      const today = new Date().toISOString().slice(0, 10);
      const names = (counts: NamedCount[]) => counts.map((count) => count.name);
      const devices = (analytics: UrlAnalytics) =>
        Object.fromEntries(analytics.byDevice.map((count) => [count.name, count.clicks]));

      const week = await analyticsOver(link.id, '7d');
      expect(week.period).toBe('7d');
      expect(week.byDay).toEqual([{ day: today, clicks: 1 }]);
      expect(week.uniqueVisitors).toBe(1);
      expect(names(week.byCountry)).not.toContain('NZ');
      expect(names(week.byReferrer)).not.toContain('https://old.example/post');
      expect(devices(week)).toMatchObject({ desktop: 1, mobile: 0 });

      const all = await analyticsOver(link.id, 'all');
      expect(all.period).toBe('all');
      expect(all.byDay).toEqual([
        { day: new Date(tenDaysAgo).toISOString().slice(0, 10), clicks: 1 },
        { day: today, clicks: 1 },
      ]);
      expect(all.uniqueVisitors).toBe(2);
      expect(all.byCountry).toContainEqual({ name: 'NZ', clicks: 1 });
      expect(all.byReferrer).toContainEqual({ name: 'https://old.example/post', clicks: 1 });
      expect(devices(all)).toMatchObject({ desktop: 1, mobile: 1 });

      const bad = await app.inject({
        method: 'GET',
        url: `/s/${link.id}/analytics?period=1y`,
        headers: asUser(owner),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'period: must be one of 7d, 30d, 90d, all.' });
    });
  });
});

describe('blocked destination hosts', () => {
  it('refuses the hosts of BLOCKED_HOSTS and their subdomains, nothing else', async () => {
    const app = await buildTestApp({ blockedHosts: ['bad.example', 'evil.test'] });
    const user = await createSession(app);
    const create = (url: string) =>
      app.inject({ method: 'POST', url: '/api/urls', headers: asUser(user), payload: { url } });
    for (const [url, host] of [
      ['https://bad.example/x', 'bad.example'],
      ['https://WWW.Bad.Example./x', 'www.bad.example'],
      ['http://cdn.evil.test', 'cdn.evil.test'],
    ] as const) {
      const response = await create(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: `Links to ${host} cannot be shortened on this site.` });
    }
    expect((await create('https://notbad.example/x')).statusCode).toBe(201);
    await app.close();
  });
});
