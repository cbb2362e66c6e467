/** Builders for the short-links tests: each test makes its own data. */
import type { ClickRecord, ShortUrl, UrlAnalytics } from '../../../../shared/links';

export function makeUrl(overrides: Partial<ShortUrl> & { id: string }): ShortUrl {
  const createdAt = overrides.createdAt ?? '2026-11-20T10:00:00.000Z';
  return {
    url: `https://example.com/${overrides.id}`,
    shortUrl: `http://localhost:3000/s/${overrides.id}`,
    clicks: 0,
    createdAt,
    timestamp: createdAt,
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
    ...overrides,
  };
}

export function makeClick(overrides: Partial<ClickRecord> & { id: number }): ClickRecord {
  return {
    timestamp: '2026-11-21T08:30:00.000Z',
    ip: '203.0.113.7',
    city: 'Berlin',
    region: 'Berlin',
    country: 'DE',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    referer: 'https://news.example.org/some/long/article/path',
    isp: 'Example Networks GmbH',
    isBot: false,
    botReason: null,
    ...overrides,
  };
}

export function makeAnalytics(overrides: Partial<UrlAnalytics> = {}): UrlAnalytics {
  return {
    id: 'abc123',
    url: 'https://example.com/a/very/long/path/that/goes/on/and/on/for/quite/a/while/indeed',
    shortUrl: 'http://localhost:3000/s/abc123',
    totalClicks: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
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
    period: '30d',
    state: 'active',
    expiresAt: null,
    maxClicks: null,
    hasPassword: false,
    byRule: [],
    rules: [],
    byVariant: [],
    split: null,
    ...overrides,
  };
}
