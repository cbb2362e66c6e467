import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_METHODS, OTHER_METHODS, type EventsCount } from '../../../../shared/event-search.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { captureOk, expectJsonError, getAs, listedIds } from './test-captures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('the method chips cover every method a webhook URL captures', () => {
  const captured = http.METHODS.filter((method) => method !== 'CONNECT');
  expect([...COMMON_METHODS, ...OTHER_METHODS].sort()).toEqual(captured.sort());
});

describe.each(storageBackends)('event search on $name', ({ postgres }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ postgres });
  });
  afterAll(async () => {
    await app.close();
  });

  const search = (user: SessionUser, q: string) => listedIds(app, user, `?q=${encodeURIComponent(q)}`);

  async function count(user: SessionUser, query: string): Promise<EventsCount> {
    const response = await getAs(app, user, `/api/events/count${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EventsCount>();
  }

  it('finds text in the body, a header name, a header value, the path and the query string, in any case', async () => {
    const user = await createSession(app);
    const inBody = await captureOk(app, user, { payload: '{"event":"Invoice.Paid"}' });
    const inHeaderName = await captureOk(app, user, { headers: { 'X-Invoice-Id': '7' } });
    const inHeaderValue = await captureOk(app, user, { headers: { 'x-kind': 'INVOICE' } });
    const inPath = await captureOk(app, user, { path: '/hooks/invoices' });
    const inQuery = await captureOk(app, user, { path: '/?topic=invoice' });
    await captureOk(app, user, { payload: 'something else', path: '/other?x=1' });

    expect(await search(user, 'invoice')).toEqual([inQuery, inPath, inHeaderValue, inHeaderName, inBody]);
    expect(await search(user, 'iNvOiCe.pAiD')).toEqual([inBody]);
    expect(await search(user, 'x-invoice-id')).toEqual([inHeaderName]);
    expect(await search(user, 'topic=invoice')).toEqual([inQuery]);
    expect(await search(user, 'nowhere to be found')).toEqual([]);
    // An empty search filters nothing.
    expect(await search(user, '')).toHaveLength(6);
  });

  it('compares non-ASCII letters without regard to case', async () => {
    const user = await createSession(app);
    const german = await captureOk(app, user, { payload: 'Ärger über Straßen' });
    const greek = await captureOk(app, user, { payload: 'ΣΟΦΙΑ' });
    expect(await search(user, 'äRGER ÜBER')).toEqual([german]);
    expect(await search(user, 'σοφια')).toEqual([greek]);
    // Its ASCII part alone is not enough.
    const ascii = await captureOk(app, user, { payload: 'Zurich' });
    expect(await search(user, 'ZÜRICH')).toEqual([]);
    expect(await search(user, 'URICH')).toEqual([ascii]);
    // An ASCII search in text that is not all ASCII.
    expect(await search(user, 'RGER')).toEqual([german]);
    expect(await search(user, 'STRA')).toEqual([german]);
  });

  it('treats %, _, \\ and quotes as plain characters', async () => {
    const user = await createSession(app);
    const percent = await captureOk(app, user, { payload: 'discount 100% off' });
    const underscore = await captureOk(app, user, { payload: 'user_id' });
    const backslash = await captureOk(app, user, { payload: 'C:\\temp' });
    const quotes = await captureOk(app, user, { payload: `it's "quoted"` });
    await captureOk(app, user, { payload: 'userXid 100 percent, C:/temp, its' });

    expect(await search(user, '%')).toEqual([percent]);
    expect(await search(user, '100%')).toEqual([percent]);
    expect(await search(user, '_')).toEqual([underscore]);
    expect(await search(user, 'user_id')).toEqual([underscore]);
    expect(await search(user, '\\')).toEqual([backslash]);
    expect(await search(user, ':\\t')).toEqual([backslash]);
    expect(await search(user, "it's")).toEqual([quotes]);
    expect(await search(user, '"quoted"')).toEqual([quotes]);
  });

  it('matches header names and values one by one, never the way they are stored', async () => {
    const user = await createSession(app);
    const quoted = await captureOk(app, user, { headers: { 'x-note': 'say "hi", \\o/' } });
    await captureOk(app, user, { headers: { 'x-a': 'b', 'x-c': 'd' } });
    expect(await search(user, '"hi", \\o/')).toEqual([quoted]);
    // Stored as JSON pairs; punctuation between them is not part of any header.
    expect(await search(user, '","')).toEqual([]);
    expect(await search(user, '],[')).toEqual([]);
    expect(await search(user, 'x-a: b')).toEqual([]);
  });

  it('searches a body that is not UTF-8 by its headers, path and query only', async () => {
    const user = await createSession(app);
    const id = await captureOk(app, user, {
      path: '/binary',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.concat([Buffer.from('needle'), Buffer.from([0xff, 0x00, 0xfe])]),
    });
    expect(await search(user, 'needle')).toEqual([]);
    expect(await search(user, 'octet-stream')).toEqual([id]);
    expect(await search(user, 'binary')).toEqual([id]);
    // The session's text bodies are still searched, letters in any case.
    const text = await captureOk(app, user, { payload: 'A NEEDLE in Ärger' });
    expect(await search(user, 'needle')).toEqual([text]);
    expect(await search(user, 'ärger')).toEqual([text]);
    expect(await count(user, '?q=needle')).toMatchObject({ matching: 1, total: 2 });
  });

  it('filters by one method in any case, or by a comma list', async () => {
    const user = await createSession(app);
    const post = await captureOk(app, user, { method: 'POST' });
    const put = await captureOk(app, user, { method: 'PUT' });
    const get = await captureOk(app, user, { method: 'GET' });
    const options = await captureOk(app, user, { method: 'OPTIONS' });
    expect(await listedIds(app, user, '?method=post')).toEqual([post]);
    expect(await listedIds(app, user, '?method=GET,put')).toEqual([get, put]);
    expect(await listedIds(app, user, `?method=${OTHER_METHODS.join(',')}`)).toEqual([options]);
    expect(await listedIds(app, user, '?method=')).toEqual([options, get, put, post]);
  });

  it('filters by arrival time, from inclusive and to exclusive', async () => {
    const user = await createSession(app);
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) {
      ids.push(await captureOk(app, user));
      await sleep(5);
    }
    const response = await getAs(app, user, '/api/events');
    const times = new Map(
      response.json<{ id: number; timestamp: string }[]>().map((e) => [e.id, e.timestamp]),
    );
    const [first, second, third] = ids as [number, number, number];
    const secondAt = times.get(second) as string;
    const thirdAt = times.get(third) as string;
    expect(await listedIds(app, user, `?from=${secondAt}`)).toEqual([third, second]);
    expect(await listedIds(app, user, `?to=${secondAt}`)).toEqual([first]);
    expect(await listedIds(app, user, `?from=${secondAt}&to=${thirdAt}`)).toEqual([second]);
    // Any time zone offset names the same instant.
    const secondInPlusTwo = new Date(Date.parse(secondAt) + 2 * 3600_000)
      .toISOString()
      .replace('Z', '+02:00');
    expect(await listedIds(app, user, `?from=${encodeURIComponent(secondInPlusTwo)}`)).toEqual([
      third,
      second,
    ]);
    expect(await listedIds(app, user, '?from=2000-01-01&to=2000-01-02')).toEqual([]);
  });

  it('combines the filters and pages through the matches with before and after', async () => {
    const user = await createSession(app);
    const matching: number[] = [];
    for (let index = 0; index < 8; index++) {
      matching.unshift(await captureOk(app, user, { method: 'POST', payload: `order ${index}` }));
      await captureOk(app, user, { method: 'PUT', payload: `order ${index}` });
      await captureOk(app, user, { method: 'POST', payload: `refund ${index}` });
    }
    const filter = '?q=ORDER&method=post';
    const pages: number[][] = [];
    let before = '';
    for (;;) {
      const page = await listedIds(app, user, `${filter}&limit=3${before}`);
      pages.push(page);
      if (page.length < 3) break;
      before = `&before=${page.at(-1)}`;
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(pages.flat()).toEqual(matching);
    const oldest = matching.at(-1) as number;
    expect(await listedIds(app, user, `${filter}&after=${oldest}&limit=2`)).toEqual(matching.slice(0, 2));
  });

  it('counts the matching and all visible events', async () => {
    const user = await createSession(app);
    const deleted = await captureOk(app, user, { payload: 'alpha' });
    await captureOk(app, user, { payload: 'alpha' });
    await captureOk(app, user, { payload: 'beta', method: 'PUT' });
    const newestId = await captureOk(app, user, { payload: 'gamma' });
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/events/${deleted}`,
      headers: asUser(user),
    });
    expect(removal.statusCode).toBe(200);

    expect(await count(user, '')).toEqual({ matching: 3, total: 3, newestId });
    expect(await count(user, '?q=ALPHA')).toEqual({ matching: 1, total: 3, newestId });
    expect(await count(user, '?method=put')).toEqual({ matching: 1, total: 3, newestId });
    expect(await count(user, '?q=alpha&method=PUT')).toEqual({ matching: 0, total: 3, newestId });
    // Paging parameters do not change a count.
    expect(await count(user, '?q=a&limit=1&before=1')).toEqual({ matching: 3, total: 3, newestId });
    const other = await createSession(app);
    // The newest id is that of any visible request, matching or not; 0 when there is none.
    expect(await count(other, '?q=alpha')).toEqual({ matching: 0, total: 0, newestId: 0 });
  });

  it.each(['/api/events', '/api/events/count', '/api/events/export?format=ndjson&'])(
    '%s answers 400 naming the parameter for an invalid filter',
    async (route) => {
      const user = await createSession(app);
      const url = (query: string) => `${route}${route.endsWith('&') ? '' : '?'}${query}`;
      expectJsonError(await getAs(app, user, url(`q=${'x'.repeat(201)}`)), 400, /^q: must be at most 200/);
      expectJsonError(await getAs(app, user, url('q=a%00b')), 400, /^q: must not contain a NUL/);
      expectJsonError(await getAs(app, user, url('q=a&q=b')), 400, /^q: /);
      expectJsonError(await getAs(app, user, url('method=PO%20ST')), 400, /^method: must be HTTP methods/);
      expectJsonError(await getAs(app, user, url('method=GET,')), 400, /^method: /);
      expectJsonError(await getAs(app, user, url('from=yesterday')), 400, /^from: must be an ISO 8601 time/);
      expectJsonError(
        await getAs(app, user, url('to=2026-13-45T99:00:00Z')),
        400,
        /^to: must be an ISO 8601/,
      );
      expectJsonError(await getAs(app, user, url('from=2026-01-01T10:00:00')), 400, /^from: /);
      expectJsonError(
        await getAs(app, user, url('from=2026-01-02&to=2026-01-01')),
        400,
        /^to: must be later than from/,
      );
    },
  );

  it('answers 401 to a count without a session', async () => {
    expectJsonError(await getAs(app, null, '/api/events/count?q=a'), 401, /session/);
  });
});
