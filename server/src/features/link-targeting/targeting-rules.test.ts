import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetingRule } from '../../../../shared/link-targeting.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { parsePublicOrigin } from '../../config.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { CHROME_UA, SAFARI_IPHONE_UA, createLink, readAnalytics } from '../short-links/test-helpers.js';

const PIXEL_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const DEFAULT_URL = 'https://example.com/default';
const GOOGLE_DNS = '8.8.8.8'; // US
const CLOUDFLARE_DNS = '1.1.1.1'; // AU
const UK_ADDRESS = '81.2.69.142'; // GB

interface Visitor {
  userAgent?: string;
  language?: string;
  ip?: string;
  query?: string;
  method?: 'GET' | 'HEAD';
}

describe.each(storageBackends)('targeting rules on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  function create(body: object) {
    return app.inject({ method: 'POST', url: '/api/urls', headers: asUser(owner), payload: body });
  }

  async function linkWith(rules: object[], url = DEFAULT_URL) {
    return createLink(app, owner, url, { rules } as object);
  }

  async function land(id: string, visitor: Visitor = {}): Promise<string | undefined> {
    const { userAgent = CHROME_UA, language, ip = GOOGLE_DNS, query = '', method = 'GET' } = visitor;
    const headers: Record<string, string> = { 'user-agent': userAgent };
    if (language) headers['accept-language'] = language;
    const response = await app.inject({ method, url: `/s/${id}${query}`, headers, remoteAddress: ip });
    expect(response.statusCode).toBe(302);
    return response.headers.location as string | undefined;
  }

  it('sends phones by device and everyone else to the link’s own destination', async () => {
    const link = await linkWith([
      { destination: 'https://apps.apple.com/app/x', conditions: [{ type: 'device', value: 'ios' }] },
      { destination: 'https://play.google.com/x', conditions: [{ type: 'device', value: 'android' }] },
    ]);
    expect(link.rules).toEqual([
      {
        id: expect.stringMatching(/^[a-z0-9]{8}$/),
        destination: 'https://apps.apple.com/app/x',
        conditions: [{ type: 'device', value: 'ios' }],
      },
      {
        id: expect.stringMatching(/^[a-z0-9]{8}$/),
        destination: 'https://play.google.com/x',
        conditions: [{ type: 'device', value: 'android' }],
      },
    ]);
    expect(await land(link.id, { userAgent: SAFARI_IPHONE_UA })).toBe('https://apps.apple.com/app/x');
    expect(await land(link.id, { userAgent: PIXEL_UA })).toBe('https://play.google.com/x');
    expect(await land(link.id, { userAgent: CHROME_UA })).toBe(DEFAULT_URL);
    expect(await land(link.id, { userAgent: SAFARI_IPHONE_UA, method: 'HEAD' })).toBe(
      'https://apps.apple.com/app/x',
    );
  });

  it('matches desktop on a desktop browser only', async () => {
    const link = await linkWith([
      { destination: 'https://example.com/desk', conditions: [{ type: 'device', value: 'desktop' }] },
    ]);
    expect(await land(link.id, { userAgent: MAC_SAFARI_UA })).toBe('https://example.com/desk');
    expect(await land(link.id, { userAgent: PIXEL_UA })).toBe(DEFAULT_URL);
  });

  it('sends visitors by the country their address is in', async () => {
    const link = await linkWith([
      { destination: 'https://example.com/au', conditions: [{ type: 'country', value: 'au' }] },
      { destination: 'https://example.com/gb', conditions: [{ type: 'country', value: 'GB' }] },
    ]);
    expect(link.rules.map((rule) => rule.conditions[0]?.value)).toEqual(['AU', 'GB']);
    expect(await land(link.id, { ip: CLOUDFLARE_DNS })).toBe('https://example.com/au');
    expect(await land(link.id, { ip: UK_ADDRESS })).toBe('https://example.com/gb');
    expect(await land(link.id, { ip: GOOGLE_DNS })).toBe(DEFAULT_URL);
    // The click stores the country the rule looked up.
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.byCountry.map((entry) => entry.name).sort()).toEqual(['AU', 'GB', 'US']);
  });

  it('matches a language against the visitor’s most preferred one', async () => {
    const link = await linkWith([
      { destination: 'https://example.com/de', conditions: [{ type: 'language', value: 'DE' }] },
    ]);
    expect(await land(link.id, { language: 'de-AT,de;q=0.9,en;q=0.8' })).toBe('https://example.com/de');
    expect(await land(link.id, { language: 'en;q=0.5, de-CH;q=0.9' })).toBe('https://example.com/de');
    expect(await land(link.id, { language: 'en-US,en;q=0.9,de;q=0.8' })).toBe(DEFAULT_URL);
    expect(await land(link.id, {})).toBe(DEFAULT_URL);
  });

  it('needs every condition of a rule, takes the first rule that matches, and forwards the query', async () => {
    const link = await linkWith([
      {
        destination: 'https://example.com/ios-de?src=rule',
        conditions: [
          { type: 'device', value: 'ios' },
          { type: 'language', value: 'de' },
        ],
      },
      { destination: 'https://example.com/ios', conditions: [{ type: 'device', value: 'ios' }] },
      { destination: 'https://example.com/never', conditions: [{ type: 'device', value: 'ios' }] },
    ]);
    const iphone = { userAgent: SAFARI_IPHONE_UA };
    expect(await land(link.id, { ...iphone, language: 'de-DE' })).toBe('https://example.com/ios-de?src=rule');
    expect(await land(link.id, { ...iphone, language: 'fr-FR' })).toBe('https://example.com/ios');
    expect(await land(link.id, { ...iphone, language: 'de', query: '?src=mail&a=1' })).toBe(
      'https://example.com/ios-de?src=mail&a=1',
    );
    expect(await land(link.id, { language: 'de', query: '?a=1' })).toBe(`${DEFAULT_URL}?a=1`);
  });

  it('counts each click under the rule that sent it, and the rest under the default', async () => {
    const link = await linkWith([
      { destination: 'https://example.com/ios', conditions: [{ type: 'device', value: 'ios' }] },
      { destination: 'https://example.com/android', conditions: [{ type: 'device', value: 'android' }] },
    ]);
    const [ios, android] = link.rules as [TargetingRule, TargetingRule];
    await land(link.id, { userAgent: SAFARI_IPHONE_UA });
    await land(link.id, { userAgent: SAFARI_IPHONE_UA });
    await land(link.id, { userAgent: PIXEL_UA });
    await land(link.id, { userAgent: CHROME_UA });
    await land(link.id, { userAgent: CHROME_UA });
    await land(link.id, { userAgent: CHROME_UA });
    await land(link.id, { userAgent: SAFARI_IPHONE_UA, method: 'HEAD' });
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.totalClicks).toBe(6);
    expect(analytics.byRule).toEqual([
      { ruleId: null, clicks: 3 },
      { ruleId: ios.id, clicks: 2 },
      { ruleId: android.id, clicks: 1 },
    ]);
    const rows = await app.database.db
      .selectFrom('short_link_clicks')
      .select('rule_id')
      .where('url_id', '=', link.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.rule_id)).toEqual([ios.id, ios.id, android.id, null, null, null]);
  });

  it('keeps rule ids through an edit that reorders the rules, and removes them with []', async () => {
    const link = await linkWith([
      { destination: 'https://example.com/ios', conditions: [{ type: 'device', value: 'ios' }] },
      { destination: 'https://example.com/android', conditions: [{ type: 'device', value: 'android' }] },
    ]);
    const [ios, android] = link.rules as [TargetingRule, TargetingRule];
    const put = (body: object) =>
      app.inject({ method: 'PUT', url: `/api/urls/${link.id}`, headers: asUser(owner), payload: body });
    const reordered = await put({ url: DEFAULT_URL, rules: [android, ios] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<{ rules: TargetingRule[] }>().rules).toEqual([android, ios]);
    // An edit without rules leaves them as they are.
    expect((await put({ url: DEFAULT_URL })).json<{ rules: TargetingRule[] }>().rules).toEqual([
      android,
      ios,
    ]);
    expect(await land(link.id, { userAgent: PIXEL_UA })).toBe('https://example.com/android');

    const cleared = await put({ url: DEFAULT_URL, rules: [] });
    expect(cleared.json<{ rules: TargetingRule[] }>().rules).toEqual([]);
    expect(await land(link.id, { userAgent: PIXEL_UA })).toBe(DEFAULT_URL);
  });

  it('lists a link’s rules with the link', async () => {
    const link = await linkWith([
      { destination: 'https://example.com/gb', conditions: [{ type: 'country', value: 'GB' }] },
    ]);
    const list = await app.inject({ method: 'GET', url: '/api/urls', headers: asUser(owner) });
    const listed = list.json<{ id: string; rules: TargetingRule[] }[]>().find((item) => item.id === link.id);
    expect(listed?.rules).toEqual(link.rules);
  });

  const oneCondition = [{ type: 'device', value: 'ios' }];
  const rule = { destination: 'https://example.com/x', conditions: oneCondition };
  it.each([
    [
      'more than 10 rules',
      Array.from({ length: 11 }, () => rule),
      'rules: A link can have at most 10 rules.',
    ],
    [
      'a rule without conditions',
      [{ destination: 'https://example.com/x', conditions: [] }],
      'rules[0].conditions: A rule needs at least one condition.',
    ],
    [
      'a rule with 6 conditions',
      [
        {
          destination: 'https://example.com/x',
          conditions: Array.from({ length: 6 }, () => oneCondition[0]),
        },
      ],
      'rules[0].conditions: A rule can have at most 5 conditions.',
    ],
    [
      'an unknown condition type',
      [{ destination: 'https://example.com/x', conditions: [{ type: 'weather', value: 'rain' }] }],
      "rules[0].conditions[0].type: A condition's type is one of device, country, language, query, browser, os, ip, from, until.",
    ],
    [
      'an unknown device',
      [rule, { destination: 'https://example.com/x', conditions: [{ type: 'device', value: 'tablet' }] }],
      'rules[1].conditions[0].value: A device condition is one of ios, android, desktop.',
    ],
    [
      'a country that is not a code',
      [{ destination: 'https://example.com/x', conditions: [{ type: 'country', value: 'Germany' }] }],
      'rules[0].conditions[0].value: A country condition is a two-letter country code (ISO 3166-1 alpha-2), e.g. DE.',
    ],
    [
      'a country code that names no country',
      [{ destination: 'https://example.com/x', conditions: [{ type: 'country', value: 'QQ' }] }],
      'rules[0].conditions[0].value: A country condition is a two-letter country code (ISO 3166-1 alpha-2), e.g. DE.',
    ],
    [
      'a language with a region',
      [{ destination: 'https://example.com/x', conditions: [{ type: 'language', value: 'de-AT' }] }],
      'rules[0].conditions[0].value: A language condition is a two- or three-letter language code, e.g. de.',
    ],
    [
      'a destination that is not a web address',
      [{ destination: 'ftp://example.com/x', conditions: oneCondition }],
      'rules[0].destination: Please enter a valid URL starting with http:// or https://',
    ],
    ['rules that are not a list', { destination: 'x' }, 'rules: rules must be a list of rules.'],
  ])('refuses %s with a 400 that says why', async (_case, rules, error) => {
    const response = await create({ url: DEFAULT_URL, rules });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('holds rule destinations to the link’s own rules (no short link of this site)', async () => {
    const response = await create({
      url: DEFAULT_URL,
      rules: [{ destination: 'https://hookbay.example/s/abc1234', conditions: oneCondition }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This is already a short link of this site; shorten the page it leads to.',
    });
  });
});
