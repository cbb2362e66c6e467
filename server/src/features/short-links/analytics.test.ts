import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  CHROME_UA,
  FIREFOX_LINUX_UA,
  GOOGLEBOT_UA,
  SAFARI_IPHONE_UA,
  createLink,
  readAnalytics,
  visit,
} from './test-helpers.js';
import { parsePublicOrigin } from '../../config.js';

describe.each(storageBackends)('link analytics on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  it('answers 401 without a session and 404 for another session’s or an unknown link', async () => {
    const link = await createLink(app, owner);
    const stranger = await createSession(app);
    const anonymous = await app.inject({ method: 'GET', url: `/s/${link.id}/analytics` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: expect.any(String) });
    for (const url of [`/s/${link.id}/analytics`, `/s/${link.id}/analytics?format=csv`]) {
      const response = await app.inject({ method: 'GET', url, headers: asUser(stranger) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    const unknown = await app.inject({ method: 'GET', url: '/s/zzzzzzz/analytics', headers: asUser(owner) });
    expect(unknown.statusCode).toBe(404);
  });

  it('describes the link, with no clicks yet', async () => {
    const link = await createLink(app, owner, 'https://example.com/fresh');
    expect(await readAnalytics(app, owner, link.id)).toEqual({
      id: link.id,
      url: 'https://example.com/fresh',
      shortUrl: `https://hookbay.example/s/${link.id}`,
      totalClicks: 0,
      createdAt: link.createdAt,
      recentClicks: [],
      botClicks: 0,
      uniqueVisitors: 0,
      byDay: [],
      byCountry: [],
      byBrowser: [],
      byOs: [],
      byReferrer: [],
      byDevice: [
        { name: 'desktop', clicks: 0 },
        { name: 'mobile', clicks: 0 },
        { name: 'tablet', clicks: 0 },
        { name: 'bot', clicks: 0 },
      ],
      period: 'all',
      state: 'active',
      expiresAt: null,
      maxClicks: null,
      hasPassword: false,
      byRule: [],
      rules: [],
      byVariant: [],
      split: null,
    });
  });

  it('groups people’s clicks by country, browser, OS and referrer, and counts unique visitors', async () => {
    const link = await createLink(app, owner);
    await visit(app, link.id, {
      userAgent: CHROME_UA,
      remoteAddress: '8.8.8.8',
      referer: 'https://news.example/',
    });
    await visit(app, link.id, {
      userAgent: CHROME_UA,
      remoteAddress: '8.8.8.8',
      referer: 'https://news.example/',
    });
    await visit(app, link.id, { userAgent: FIREFOX_LINUX_UA, remoteAddress: '81.2.69.142' });
    await visit(app, link.id, {
      userAgent: SAFARI_IPHONE_UA,
      remoteAddress: '1.1.1.1',
      referer: 'https://social.example/',
    });
    await visit(app, link.id, {
      userAgent: GOOGLEBOT_UA,
      remoteAddress: '66.249.66.1',
      referer: 'https://bot.example/',
    });

    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics).toMatchObject({ totalClicks: 4, botClicks: 1, uniqueVisitors: 3 });
    expect(analytics.recentClicks).toHaveLength(5);
    expect(analytics.byCountry).toEqual([
      { name: 'US', clicks: 2 },
      { name: 'AU', clicks: 1 },
      { name: 'GB', clicks: 1 },
    ]);
    expect(analytics.byBrowser).toEqual([
      { name: 'Chrome', clicks: 2 },
      { name: 'Firefox', clicks: 1 },
      { name: 'Mobile Safari', clicks: 1 },
    ]);
    expect(analytics.byOs).toEqual([
      { name: 'Windows', clicks: 2 },
      { name: 'iOS', clicks: 1 },
      { name: 'Linux', clicks: 1 },
    ]);
    expect(analytics.byReferrer).toEqual([
      { name: 'https://news.example/', clicks: 2 },
      { name: 'Direct', clicks: 1 },
      { name: 'https://social.example/', clicks: 1 },
    ]);
    expect(analytics.byDay).toEqual([{ day: new Date().toISOString().slice(0, 10), clicks: 4 }]);
  });

  it('buckets clicks by UTC day, oldest first', async () => {
    const link = await createLink(app, owner);
    const target = await app.services.links.resolve(link.id);
    if (!target) throw new Error('link not found');
    const times = [
      Date.UTC(2024, 0, 1, 0, 0),
      Date.UTC(2024, 0, 1, 23, 59, 59),
      Date.UTC(2024, 0, 2, 0, 0, 1),
    ];
    for (const at of times) {
      await app.services.clicks.recordClick(target, {
        ip: '8.8.8.8',
        userAgent: CHROME_UA,
        referer: null,
        at,
      });
    }
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.byDay).toEqual([
      { day: '2024-01-01', clicks: 2 },
      { day: '2024-01-02', clicks: 1 },
    ]);
    expect(analytics.recentClicks[0]?.timestamp).toBe('2024-01-02T00:00:01.000Z');
  });

  it('lists at most the 100 newest clicks, newest first', async () => {
    const link = await createLink(app, owner);
    const target = await app.services.links.resolve(link.id);
    if (!target) throw new Error('link not found');
    const start = Date.UTC(2024, 5, 1);
    await Promise.all(
      Array.from({ length: 105 }, (_, index) =>
        app.services.clicks.recordClick(target, {
          ip: null,
          userAgent: CHROME_UA,
          referer: null,
          at: start + index,
        }),
      ),
    );
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.totalClicks).toBe(105);
    expect(analytics.recentClicks).toHaveLength(100);
    const ids = analytics.recentClicks.map((click) => click.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
