import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkSplit } from '../../../../shared/link-splits.js';
import type { TargetingRule } from '../../../../shared/link-targeting.js';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  CHROME_UA,
  SAFARI_IPHONE_UA,
  createLink,
  readAnalytics,
  visit,
} from '../short-links/test-helpers.js';

const OWN = 'https://example.com/own';
const A = 'https://example.com/ios-a';
const B = 'https://example.com/ios-b';
const IOS = [{ type: 'device', value: 'ios' }];

/**
 * 2,000 iPhone visits to a rule split 70/30: each variant's share must land within 5 percentage
 * points of its weight (at least 4.9 standard deviations of a 2,000-draw share; see link-splits.test.ts).
 */
const VISITS = 2000;
const TOLERANCE_POINTS = 5;

describe.each(storageBackends)('splits inside targeting rules on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  const ruleSplit = (weights: [number, number], sticky = false) => ({
    variants: [
      { destination: A, weight: weights[0] },
      { destination: B, weight: weights[1] },
    ],
    sticky,
  });

  async function locationOf(id: string, userAgent = SAFARI_IPHONE_UA, remoteAddress = '8.8.8.8') {
    const response = await visit(app, id, { userAgent, remoteAddress });
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  }

  it('stores a rule’s split with variant ids, the rule’s destination its first variant', async () => {
    const link = await createLink(app, owner, OWN, {
      rules: [{ conditions: IOS, split: ruleSplit([60, 40]) }],
    } as object);
    const [rule] = link.rules as TargetingRule[];
    expect(rule).toEqual({
      id: expect.any(String),
      destination: A,
      conditions: IOS,
      split: {
        variants: [
          { id: expect.stringMatching(/^[a-z0-9]{8}$/), destination: A, weight: 60 },
          { id: expect.stringMatching(/^[a-z0-9]{8}$/), destination: B, weight: 40 },
        ],
        sticky: false,
      },
    });
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: asUser(owner),
      payload: { url: OWN, rules: [{ ...rule, split: null, destination: 'https://example.com/ios' }] },
    });
    expect(edited.json<ShortUrl>().rules[0]).toEqual({
      id: rule?.id,
      destination: 'https://example.com/ios',
      conditions: IOS,
    });
    expect(await locationOf(link.id)).toBe('https://example.com/ios');
  });

  it(`splits the rule’s visitors within ${TOLERANCE_POINTS} points over ${VISITS} visits, counting per rule and variant`, async () => {
    const link = await createLink(app, owner, OWN, {
      rules: [{ conditions: IOS, split: ruleSplit([70, 30]) }],
    } as object);
    const seen = new Map<string, number>();
    for (let start = 0; start < VISITS; start += 50) {
      const batch = Array.from({ length: 50 }, () => locationOf(link.id));
      for (const location of await Promise.all(batch)) seen.set(location, (seen.get(location) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([A, B]);
    expect(Math.abs(((seen.get(A) ?? 0) / VISITS) * 100 - 70)).toBeLessThanOrEqual(TOLERANCE_POINTS);
    expect(Math.abs(((seen.get(B) ?? 0) / VISITS) * 100 - 30)).toBeLessThanOrEqual(TOLERANCE_POINTS);
    // Visitors the rule does not take go to the link's own destination, unsplit.
    expect(await locationOf(link.id, CHROME_UA)).toBe(OWN);
    const [rule] = link.rules as TargetingRule[];
    const [variantA, variantB] = (rule?.split as LinkSplit).variants;
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.byRule).toEqual([
      { ruleId: rule?.id, clicks: VISITS },
      { ruleId: null, clicks: 1 },
    ]);
    expect(new Map(analytics.byVariant.map((entry) => [entry.variantId, entry.clicks]))).toEqual(
      new Map([
        [variantA?.id, seen.get(A)],
        [variantB?.id, seen.get(B)],
      ]),
    );
  });

  it('keeps a visitor on one variant of a sticky rule split', async () => {
    const link = await createLink(app, owner, OWN, {
      rules: [{ conditions: IOS, split: ruleSplit([50, 50], true) }],
    } as object);
    const first = await locationOf(link.id, SAFARI_IPHONE_UA, '203.0.113.9');
    for (let index = 0; index < 10; index++) {
      expect(await locationOf(link.id, SAFARI_IPHONE_UA, '203.0.113.9')).toBe(first);
    }
  });

  it('refuses a rule without destination or split, and names a split’s field inside its rule', async () => {
    const create = (rules: object[]) =>
      app.inject({ method: 'POST', url: '/api/urls', headers: asUser(owner), payload: { url: OWN, rules } });
    const bare = await create([{ conditions: IOS }]);
    expect(bare.json()).toEqual({ error: 'rules[0].destination: A rule needs a destination or a split.' });
    const uneven = await create([{ conditions: IOS, split: ruleSplit([50, 40]) }]);
    expect(uneven.json()).toEqual({
      error: 'rules[0].split.variants: The weights must add up to 100; they add up to 90.',
    });
    expect(uneven.statusCode).toBe(400);
  });
});
