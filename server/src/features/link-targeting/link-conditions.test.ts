import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetingRule } from '../../../../shared/link-targeting.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  CHROME_UA,
  FIREFOX_LINUX_UA,
  SAFARI_IPHONE_UA,
  createLink,
  readAnalytics,
} from '../short-links/test-helpers.js';

const DEFAULT_URL = 'https://example.com/default';
const RULED = 'https://example.com/ruled';
const MAC_SAFARI_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const EDGE_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0';

interface Visitor {
  userAgent?: string;
  ip?: string;
  query?: string;
}

describe.each(storageBackends)('more targeting conditions on $name', ({ postgres }) => {
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

  async function ruledBy(conditions: object[]) {
    return createLink(app, owner, DEFAULT_URL, { rules: [{ destination: RULED, conditions }] } as object);
  }

  async function land(id: string, visitor: Visitor = {}): Promise<string | undefined> {
    const { userAgent = CHROME_UA, ip = '8.8.8.8', query = '' } = visitor;
    const response = await app.inject({
      method: 'GET',
      url: `/s/${id}${query}`,
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(302);
    return response.headers.location as string | undefined;
  }

  it('takes visits that carry a query parameter, or carry it with a given value', async () => {
    const present = await createLink(app, owner, DEFAULT_URL, {
      forwardQuery: false,
      rules: [{ destination: RULED, conditions: [{ type: 'query', value: 'ref' }] }],
    } as object);
    expect(await land(present.id, { query: '?ref' })).toBe(RULED);
    expect(await land(present.id, { query: '?x=1&ref=' })).toBe(RULED);
    expect(await land(present.id, { query: '?referrer=1' })).toBe(DEFAULT_URL);
    expect(await land(present.id)).toBe(DEFAULT_URL);
    const equal = await createLink(app, owner, DEFAULT_URL, {
      forwardQuery: false,
      rules: [{ destination: RULED, conditions: [{ type: 'query', value: 'utm_source=news letter' }] }],
    } as object);
    expect(await land(equal.id, { query: '?utm_source=news+letter' })).toBe(RULED);
    expect(await land(equal.id, { query: '?utm_source=other&utm_source=news%20letter' })).toBe(RULED);
    expect(await land(equal.id, { query: '?utm_source=news' })).toBe(DEFAULT_URL);
  });

  it('takes visits by browser and by operating system, as their user agent names them', async () => {
    const safari = await ruledBy([{ type: 'browser', value: 'safari' }]);
    expect(await land(safari.id, { userAgent: SAFARI_IPHONE_UA })).toBe(RULED);
    expect(await land(safari.id, { userAgent: MAC_SAFARI_UA })).toBe(RULED);
    expect(await land(safari.id, { userAgent: CHROME_UA })).toBe(DEFAULT_URL);
    const edge = await ruledBy([{ type: 'browser', value: 'edge' }]);
    expect(await land(edge.id, { userAgent: EDGE_UA })).toBe(RULED);
    expect(await land(edge.id, { userAgent: CHROME_UA })).toBe(DEFAULT_URL);
    const linux = await ruledBy([{ type: 'os', value: 'linux' }]);
    expect(await land(linux.id, { userAgent: FIREFOX_LINUX_UA })).toBe(RULED);
    expect(await land(linux.id, { userAgent: CHROME_UA })).toBe(DEFAULT_URL);
    const windowsFirefox = await ruledBy([
      { type: 'os', value: 'windows' },
      { type: 'browser', value: 'firefox' },
    ]);
    // All conditions of a rule must hold: Firefox on Linux is not Firefox on Windows.
    expect(await land(windowsFirefox.id, { userAgent: FIREFOX_LINUX_UA })).toBe(DEFAULT_URL);
  });

  it('takes visits from an IPv4 or IPv6 range, or from one address', async () => {
    const v4 = await ruledBy([{ type: 'ip', value: '203.0.113.0/24' }]);
    expect(await land(v4.id, { ip: '203.0.113.77' })).toBe(RULED);
    expect(await land(v4.id, { ip: '::ffff:203.0.113.9' })).toBe(RULED);
    expect(await land(v4.id, { ip: '203.0.114.1' })).toBe(DEFAULT_URL);
    const v6 = await ruledBy([{ type: 'ip', value: '2001:db8::/32' }]);
    expect(await land(v6.id, { ip: '2001:db8:1::5' })).toBe(RULED);
    expect(await land(v6.id, { ip: '2001:db9::5' })).toBe(DEFAULT_URL);
    expect(await land(v6.id, { ip: '203.0.113.77' })).toBe(DEFAULT_URL);
    const one = await ruledBy([{ type: 'ip', value: '198.51.100.7' }]);
    expect(await land(one.id, { ip: '198.51.100.7' })).toBe(RULED);
    expect(await land(one.id, { ip: '198.51.100.8' })).toBe(DEFAULT_URL);
  });

  it('takes visits inside a date window only', async () => {
    const hour = 3_600_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const open = await ruledBy([
      { type: 'from', value: iso(-hour) },
      { type: 'until', value: iso(hour) },
    ]);
    expect(await land(open.id)).toBe(RULED);
    const later = await ruledBy([{ type: 'from', value: iso(24 * hour) }]);
    expect(await land(later.id)).toBe(DEFAULT_URL);
    const over = await ruledBy([{ type: 'until', value: iso(-hour) }]);
    expect(await land(over.id)).toBe(DEFAULT_URL);
  });

  it('stores the conditions as normalized and lists them with the link', async () => {
    const link = await ruledBy([
      { type: 'browser', value: 'Chrome' },
      { type: 'ip', value: '2001:DB8::/48' },
      { type: 'from', value: '2030-01-31T19:00:00+01:00' },
    ]);
    expect((link.rules as TargetingRule[])[0]?.conditions).toEqual([
      { type: 'browser', value: 'chrome' },
      { type: 'ip', value: '2001:db8::/48' },
      { type: 'from', value: '2030-01-31T18:00:00.000Z' },
    ]);
  });

  it.each([
    [
      'an unknown browser',
      [{ type: 'browser', value: 'netscape' }],
      'rules[0].conditions[0].value: A browser condition is one of chrome, safari, firefox, edge, opera, samsung.',
    ],
    [
      'an unknown system',
      [{ type: 'os', value: 'beos' }],
      'rules[0].conditions[0].value: An os condition is one of ios, android, windows, macos, linux, chromeos.',
    ],
    [
      'a range with too long a prefix',
      [{ type: 'ip', value: '10.0.0.0/33' }],
      'rules[0].conditions[0].value: An ip condition is an IPv4 or IPv6 address or CIDR range, e.g. 203.0.113.0/24 or 2001:db8::/32.',
    ],
    [
      'a query condition without a name',
      [{ type: 'query', value: '=x' }],
      'rules[0].conditions[0].value: A query condition is a parameter name, or name=value, e.g. utm_source=newsletter (at most 200 characters).',
    ],
    [
      'a date that is not ISO 8601',
      [{ type: 'until', value: '31/01/2030' }],
      'rules[0].conditions[0].value: An until condition is a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
    ],
    [
      'a window that ends before it starts',
      [
        { type: 'from', value: '2030-02-01T00:00:00Z' },
        { type: 'until', value: '2030-01-01T00:00:00Z' },
      ],
      'rules[0].conditions: A rule’s from date must come before its until date.',
    ],
  ])('refuses %s with a 400 naming the field', async (_case, conditions, error) => {
    const response = await create({ url: DEFAULT_URL, rules: [{ destination: RULED, conditions }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('counts the clicks each rule sent by the new conditions', async () => {
    const link = await ruledBy([{ type: 'query', value: 'promo' }]);
    await land(link.id, { query: '?promo=1' });
    await land(link.id, { query: '?promo=2' });
    await land(link.id);
    const analytics = await readAnalytics(app, owner, link.id);
    const [rule] = link.rules as TargetingRule[];
    expect(analytics.byRule).toEqual([
      { ruleId: rule?.id, clicks: 2 },
      { ruleId: null, clicks: 1 },
    ]);
  });
});
