import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkItemError } from '../../../../shared/link-bulk.js';
import {
  ALIAS_RULE_MESSAGE,
  EXTERNAL_ID_RULE_MESSAGE,
  INVALID_URL_MESSAGE,
  RESERVED_ALIAS_MESSAGE,
  type ShortUrl,
} from '../../../../shared/links.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { parsePublicOrigin } from '../../config.js';
import { createLink, listLinks, visit } from '../short-links/test-helpers.js';
import { createItems, sendBulk } from './test-helpers.js';

type Answer = (ShortUrl | BulkItemError)[];

const PER_MINUTE_MESSAGE =
  'You have created 3 links in the last minute. Please wait a moment before creating more.';

describe.each(storageBackends)('bulk create of short links on $name', ({ postgres }) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
  });
  afterAll(() => app.close());

  it('answers 401 without a session', async () => {
    const response = await sendBulk(app, 'POST', null, createItems(1));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('creates 100 links in one request, answered in request order', async () => {
    const user = await createSession(app);
    const response = await sendBulk(app, 'POST', user, createItems(100));
    expect(response.statusCode).toBe(200);
    const links = response.json<ShortUrl[]>();
    expect(links.map((link) => link.url)).toEqual(createItems(100).map((item) => item.url));
    expect(links[0]).toMatchObject({ clicks: 0, state: 'active', alias: null, externalId: null });
    expect(links[0]?.shortUrl).toBe(`https://hookbay.example/s/${links[0]?.id}`);
    const listed = await listLinks(app, user);
    expect(listed).toHaveLength(100);
    // Newest first: the last item was made last.
    expect(listed[0]?.id).toBe(links[99]?.id);
    const redirect = await visit(app, links[42]?.id ?? '');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/page-42');
  });

  it.each([
    ['101 items', createItems(101), 'At most 100 items per request; split the rest into more requests.'],
    ['no items', [], 'Send a JSON array of 1 to 100 items.'],
    ['an object instead of an array', { url: 'https://example.com' }, 'Send a JSON array of 1 to 100 items.'],
  ])('refuses %s with 400 and stores nothing', async (_case, payload, message) => {
    const user = await createSession(app);
    const response = await sendBulk(app, 'POST', user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await listLinks(app, user)).toEqual([]);
  });

  it('creates the good items and answers each bad one with its own error, in order', async () => {
    const user = await createSession(app);
    const response = await sendBulk(app, 'POST', user, [
      { url: 'https://example.com/first' },
      { url: 'ftp://example.com/file' },
      { url: 'https://example.com/second', alias: 'spring-sale' },
      { url: 'https://example.com/x', alias: 'API' },
      { url: 'https://example.com/x', alias: 'spring-sale' },
      'https://example.com/not-an-object',
      { url: 'https://example.com/x', maxClicks: 0 },
      { url: 'https://example.com/x', expiresAt: '2001-01-01T00:00:00Z' },
      { url: 'https://example.com/x', externalId: 'caf\u00e9' },
      { url: 'https://example.com/x', alias: 'no' },
      { url: 'https://example.com/third', maxClicks: 5, password: 'hunter22' },
    ]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer).toEqual([
      expect.objectContaining({ url: 'https://example.com/first' }),
      { index: 1, status: 400, error: `url: ${INVALID_URL_MESSAGE}` },
      expect.objectContaining({ id: 'spring-sale', alias: 'spring-sale' }),
      { index: 3, status: 400, error: `alias: ${RESERVED_ALIAS_MESSAGE}` },
      {
        index: 4,
        status: 409,
        error: 'This alias is already taken; choose another.',
        suggestion: 'spring-sale-2',
      },
      { index: 5, status: 400, error: 'Send a JSON body like {"url": "https://example.com"}.' },
      { index: 6, status: 400, error: 'maxClicks: The click limit must be a whole number of 1 or more.' },
      { index: 7, status: 400, error: 'expiresAt: The expiry date must be in the future.' },
      { index: 8, status: 400, error: `externalId: ${EXTERNAL_ID_RULE_MESSAGE}` },
      { index: 9, status: 400, error: `alias: ${ALIAS_RULE_MESSAGE}` },
      expect.objectContaining({ url: 'https://example.com/third', maxClicks: 5, hasPassword: true }),
    ]);
    const listed = await listLinks(app, user);
    expect(listed.map((link) => link.url).sort()).toEqual([
      'https://example.com/first',
      'https://example.com/second',
      'https://example.com/third',
    ]);
  });

  it('stores the externalId and returns the existing link when a batch runs again', async () => {
    const user = await createSession(app);
    const batch = [
      { url: 'https://example.com/a', externalId: 'row-1' },
      { url: 'https://example.com/b', externalId: 'Row 2: "quoted", with commas' },
      { url: 'https://example.com/c' },
    ];
    const first = (await sendBulk(app, 'POST', user, batch)).json<ShortUrl[]>();
    expect(first.map((link) => link.externalId)).toEqual(['row-1', 'Row 2: "quoted", with commas', null]);

    // Running it again, even with another destination, leaves the links with externalIds as they are.
    const again = await sendBulk(app, 'POST', user, [
      { ...batch[0], url: 'https://example.com/new' },
      batch[1],
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([first[0], first[1]]);
    expect(await listLinks(app, user)).toHaveLength(3);

    // The same externalId twice in one batch names one link.
    const twice = await sendBulk(app, 'POST', user, [
      { url: 'https://example.com/d', externalId: 'row-4' },
      { url: 'https://example.com/e', externalId: 'row-4' },
    ]);
    const [made, same] = twice.json<ShortUrl[]>();
    expect(same).toEqual(made);
    expect(await listLinks(app, user)).toHaveLength(4);
  });

  it('keeps externalIds apart between sessions', async () => {
    const user = await createSession(app);
    const other = await createSession(app);
    const mine = (
      await sendBulk(app, 'POST', user, [{ url: 'https://example.com/m', externalId: 'x-1' }])
    ).json<ShortUrl[]>()[0];
    const theirs = (
      await sendBulk(app, 'POST', other, [{ url: 'https://example.com/t', externalId: 'x-1' }])
    ).json<ShortUrl[]>()[0];
    expect(theirs?.id).not.toBe(mine?.id);
    expect(theirs).toMatchObject({ url: 'https://example.com/t', externalId: 'x-1' });
  });

  it('takes an externalId on POST and PUT /api/urls, and refuses one the session already uses', async () => {
    const user = await createSession(app);
    const first = await createLink(app, user, 'https://example.com/1', { externalId: 'crm-1' });
    expect(first.externalId).toBe('crm-1');
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: asUser(user),
      payload: { url: 'https://example.com/2', externalId: 'crm-1' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'You already have a link with this externalId; choose another or edit that link.',
      id: first.id,
    });

    const second = await createLink(app, user, 'https://example.com/2');
    const put = (externalId: string | null) =>
      app.inject({
        method: 'PUT',
        url: `/api/urls/${second.id}`,
        headers: asUser(user),
        payload: { url: 'https://example.com/2', externalId },
      });
    expect((await put('crm-1')).statusCode).toBe(409);
    expect((await put('crm-2')).json<ShortUrl>().externalId).toBe('crm-2');
    expect((await put(null)).json<ShortUrl>().externalId).toBeNull();
    expect((await put('x'.repeat(129))).json()).toEqual({ error: `externalId: ${EXTERNAL_ID_RULE_MESSAGE}` });
  });

  it('makes one link when requests at once create the same externalId', async () => {
    const user = await createSession(app);
    const singles = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/urls',
          headers: asUser(user),
          payload: { url: `https://example.com/race-${index}`, externalId: 'race-1' },
        }),
      ),
    );
    expect(singles.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const created = singles.find((response) => response.statusCode === 201)?.json<ShortUrl>();
    for (const refused of singles.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ id: created?.id });
    }
    const batches = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendBulk(app, 'POST', user, [{ url: 'https://example.com/race', externalId: 'race-2' }]),
      ),
    );
    const ids = batches.map((response) => response.json<ShortUrl[]>()[0]?.id);
    expect(new Set(ids).size).toBe(1);
    expect(await listLinks(app, user)).toHaveLength(2);
  });

  it('counts each created item against the create limits and refuses the rest of the batch', async () => {
    const limited = await buildTestApp({ postgres, linkCreatePerMinute: 3, linkCreatePerDay: 100 });
    const user = await createSession(limited);
    const first = await sendBulk(limited, 'POST', user, [
      { url: 'https://example.com/1', externalId: 'one' },
      { url: 'https://example.com/2' },
    ]);
    expect(first.json<ShortUrl[]>()).toHaveLength(2);

    const response = await sendBulk(limited, 'POST', user, [
      // An existing externalId creates nothing, so it counts nothing.
      { url: 'https://example.com/1', externalId: 'one' },
      { url: 'https://example.com/3' },
      { url: 'https://example.com/4' },
      { url: 'https://example.com/5' },
    ]);
    expect(response.statusCode).toBe(200);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.json()).toEqual([
      first.json<ShortUrl[]>()[0],
      expect.objectContaining({ url: 'https://example.com/3' }),
      { index: 2, status: 429, error: PER_MINUTE_MESSAGE },
      { index: 3, status: 429, error: PER_MINUTE_MESSAGE },
    ]);
    const single = await limited.inject({
      method: 'POST',
      url: '/api/urls',
      headers: asUser(user),
      payload: { url: 'https://example.com/6' },
    });
    expect(single.statusCode).toBe(429);
    expect(await listLinks(limited, user)).toHaveLength(3);
    await limited.close();
  });
});
