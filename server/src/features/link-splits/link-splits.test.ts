import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkSplit } from '../../../../shared/link-splits.js';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { parsePublicOrigin } from '../../config.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  CHROME_UA,
  SAFARI_IPHONE_UA,
  createLink,
  listLinks,
  readAnalytics,
  visit,
} from '../short-links/test-helpers.js';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const C = 'https://example.com/c';
const IOS_APP = 'https://apps.apple.com/app/x';

/**
 * 2,000 visits to a 70/20/10 split: each variant's share must land within 5 percentage points of
 * its weight. A share of n = 2,000 draws has a standard deviation of √(p(1−p)/n): 1.02 points at
 * 70 %, 0.89 at 20 %, 0.67 at 10 %, so 5 points is at least 4.9 standard deviations; the exact
 * binomial tails add up to about 1 in a million runs (Hoeffding's bound, which assumes nothing,
 * gives at most 2·e^(−2·2000·0.05²) ≈ 9·10⁻⁵ per variant).
 */
const VISITS = 2000;
const TOLERANCE_POINTS = 5;

describe.each(storageBackends)('A/B splits on $name', ({ postgres }) => {
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

  function edit(id: string, body: object) {
    return app.inject({ method: 'PUT', url: `/api/urls/${id}`, headers: asUser(owner), payload: body });
  }

  function splitOf(weights: number[], sticky = false) {
    const destinations = [A, B, C, 'https://example.com/d', 'https://example.com/e'];
    return {
      variants: weights.map((weight, index) => ({ destination: destinations[index] ?? A, weight })),
      sticky,
    };
  }

  async function locationOf(id: string, options: Parameters<typeof visit>[2] = {}): Promise<string> {
    const response = await visit(app, id, options);
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  }

  it('stores a split with an id per variant and shows it in the list', async () => {
    const response = await create({
      url: 'https://example.com/own',
      split: {
        variants: [
          { destination: A, weight: 60 },
          { destination: B, weight: 40 },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const link = response.json<ShortUrl>();
    expect(link.split).toEqual({
      variants: [
        { id: expect.stringMatching(/^[a-z0-9]{8}$/), destination: A, weight: 60 },
        { id: expect.stringMatching(/^[a-z0-9]{8}$/), destination: B, weight: 40 },
      ],
      sticky: false,
    });
    const listed = (await listLinks(app, owner)).find((entry) => entry.id === link.id);
    expect(listed?.split).toEqual(link.split);
    const plain = await createLink(app, owner);
    expect(plain.split).toBeNull();
  });

  it('refuses a split that is not 2 to 4 variants with whole weights adding up to 100', async () => {
    const cases: [object, string][] = [
      [splitOf([50]), 'split.variants: A split has 2 to 4 variants.'],
      [splitOf([20, 20, 20, 20, 20]), 'split.variants: A split has 2 to 4 variants.'],
      [splitOf([0, 100]), 'split.variants[0].weight: A weight is a whole number from 1 to 99.'],
      [splitOf([1, 100]), 'split.variants[1].weight: A weight is a whole number from 1 to 99.'],
      [splitOf([49.5, 50.5]), 'split.variants[0].weight: A weight is a whole number from 1 to 99.'],
      [splitOf([50, 40]), 'split.variants: The weights must add up to 100; they add up to 90.'],
      [
        {
          variants: [
            { destination: 'ftp://example.com', weight: 50 },
            { destination: B, weight: 50 },
          ],
        },
        'split.variants[0].destination: Please enter a valid variant URL starting with http:// or https://',
      ],
      [
        {
          variants: [
            { destination: A, weight: 50 },
            { destination: 'https://hookbay.example/s/x', weight: 50 },
          ],
        },
        'split.variants[1].destination: This is already a short link of this site; shorten the page it leads to.',
      ],
      [{ ...splitOf([50, 50]), sticky: 'yes' }, 'split.sticky: split.sticky must be true or false.'],
    ];
    for (const [split, error] of cases) {
      const response = await create({ url: 'https://example.com/own', split });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 400,
        body: { error },
      });
    }
  });

  it(`keeps each variant within ${TOLERANCE_POINTS} points of its weight over ${VISITS} visits and counts them`, async () => {
    const link = await createLink(app, owner, 'https://example.com/own', { split: splitOf([70, 20, 10]) });
    const seen = new Map<string, number>();
    for (let start = 0; start < VISITS; start += 50) {
      const batch = Array.from({ length: 50 }, () => locationOf(link.id));
      for (const location of await Promise.all(batch)) seen.set(location, (seen.get(location) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([A, B, C]);
    for (const [destination, weight] of [
      [A, 70],
      [B, 20],
      [C, 10],
    ] as const) {
      const share = ((seen.get(destination) ?? 0) / VISITS) * 100;
      expect(Math.abs(share - weight)).toBeLessThanOrEqual(TOLERANCE_POINTS);
    }
    const analytics = await readAnalytics(app, owner, link.id);
    const idOf = (destination: string) =>
      link.split?.variants.find((variant) => variant.destination === destination)?.id;
    expect(analytics.totalClicks).toBe(VISITS);
    expect(analytics.split).toEqual(link.split);
    expect(new Map(analytics.byVariant.map((entry) => [entry.variantId, entry.clicks]))).toEqual(
      new Map([A, B, C].map((destination) => [idOf(destination), seen.get(destination)])),
    );
    expect(analytics.byRule).toEqual([{ ruleId: null, clicks: VISITS }]);
  });

  it('checks targeting rules first: a rule’s visitors are not split', async () => {
    const link = await createLink(app, owner, 'https://example.com/own', {
      rules: [{ destination: IOS_APP, conditions: [{ type: 'device', value: 'ios' }] }],
      split: splitOf([50, 50]),
    });
    for (let index = 0; index < 5; index++) {
      expect(await locationOf(link.id, { userAgent: SAFARI_IPHONE_UA })).toBe(IOS_APP);
    }
    expect([A, B]).toContain(await locationOf(link.id, { userAgent: CHROME_UA }));
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.byVariant.reduce((sum, entry) => sum + entry.clicks, 0)).toBe(1);
    expect(analytics.byRule).toEqual([
      { ruleId: link.rules[0]?.id, clicks: 5 },
      { ruleId: null, clicks: 1 },
    ]);
  });

  it('keeps a visitor on one variant when the split is sticky, and spreads visitors', async () => {
    const link = await createLink(app, owner, 'https://example.com/own', { split: splitOf([50, 50], true) });
    expect(link.split?.sticky).toBe(true);
    const first = await locationOf(link.id, { remoteAddress: '203.0.113.9' });
    for (let index = 0; index < 20; index++) {
      expect(await locationOf(link.id, { remoteAddress: '203.0.113.9' })).toBe(first);
    }
    // 60 other visitors all on one side of a 50/50 split: a chance of 2⁻⁵⁹.
    const others = new Set<string>();
    for (let index = 1; index <= 60; index++) {
      others.add(await locationOf(link.id, { remoteAddress: `198.51.100.${index}` }));
    }
    expect([...others].sort()).toEqual([A, B]);
  });

  it('keeps variant ids across an edit, forwards the query, and removes the split with null', async () => {
    const link = await createLink(app, owner, 'https://example.com/own', { split: splitOf([50, 50]) });
    const [first, second] = (link.split as LinkSplit).variants;
    const edited = await edit(link.id, {
      url: 'https://example.com/own',
      split: {
        variants: [
          { id: first?.id, destination: A, weight: 10 },
          { id: second?.id, destination: 'https://example.com/b2?x=1', weight: 90 },
        ],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<ShortUrl>().split?.variants.map((variant) => [variant.id, variant.weight])).toEqual([
      [first?.id, 10],
      [second?.id, 90],
    ]);
    const response = await app.inject({ method: 'GET', url: `/s/${link.id}?utm_source=mail` });
    expect(['https://example.com/a?utm_source=mail', 'https://example.com/b2?x=1&utm_source=mail']).toContain(
      response.headers.location,
    );
    const untouched = await edit(link.id, { url: 'https://example.com/own', note: 'kept' });
    expect(untouched.json<ShortUrl>().split?.variants).toHaveLength(2);
    const removed = await edit(link.id, { url: 'https://example.com/own', split: null });
    expect(removed.json<ShortUrl>().split).toBeNull();
    expect(await locationOf(link.id)).toBe('https://example.com/own');
  });

  it('answers no variants for a link without a split', async () => {
    const link = await createLink(app, owner);
    await visit(app, link.id);
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.byVariant).toEqual([]);
    expect(analytics.split).toBeNull();
  });

  it('describes the split in the API document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    const body = JSON.stringify(document.paths['/api/urls']?.post?.requestBody?.content['application/json']);
    for (const field of ['"split"', '"variants"', '"weight"', '"sticky"', '"destination"']) {
      expect(body).toContain(field);
    }
    const analytics = JSON.stringify(document.paths['/s/{id}/analytics']);
    expect(analytics).toContain('`byVariant` ([{variantId, clicks}]');
  });
});
