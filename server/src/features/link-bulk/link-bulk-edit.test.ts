import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { parsePublicOrigin } from '../../config.js';
import { createLink, listLinks, visit } from '../short-links/test-helpers.js';
import { sendBulk } from './test-helpers.js';

const NOT_FOUND = 'This short URL does not exist or was deleted.';
const NO_SUCH_EXTERNAL_ID = 'You have no link with this externalId.';

describe.each(storageBackends)('bulk edit, delete and export of short links on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let stranger: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    stranger = await createSession(app);
  });
  afterAll(() => app.close());

  it('edits links by id and by externalId, each item on its own', async () => {
    const user = await createSession(app);
    const byId = await createLink(app, user, 'https://example.com/by-id');
    const byExternal = await createLink(app, user, 'https://example.com/by-ext', { externalId: 'sku-9' });
    const theirs = await createLink(app, stranger, 'https://example.com/theirs', { externalId: 'sku-1' });

    const response = await sendBulk(app, 'PATCH', user, [
      { id: byId.id, url: 'https://example.com/moved', maxClicks: 10, externalId: 'sku-8' },
      { externalId: 'sku-9', expiresAt: '2031-05-01T00:00:00Z' },
      { id: theirs.id, url: 'https://example.com/hijack' },
      { externalId: 'sku-1', maxClicks: 1 },
      { maxClicks: 1 },
      { id: byId.id, url: 'not a url' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { ...byId, url: 'https://example.com/moved', maxClicks: 10, externalId: 'sku-8' },
      { ...byExternal, expiresAt: '2031-05-01T00:00:00.000Z' },
      { index: 2, status: 404, error: NOT_FOUND },
      { index: 3, status: 404, error: NO_SUCH_EXTERNAL_ID },
      { index: 4, status: 400, error: 'Name the link with "id" or "externalId".' },
      { index: 5, status: 400, error: 'url: Please enter a valid URL starting with http:// or https://' },
    ]);
    expect((await visit(app, byId.id)).headers.location).toBe('https://example.com/moved');
    expect(await listLinks(app, stranger)).toContainEqual(theirs);
  });

  it('refuses an edit that gives a link another link’s externalId or a taken alias', async () => {
    const user = await createSession(app);
    const first = await createLink(app, user, 'https://example.com/1', { externalId: 'one' });
    const second = await createLink(app, user, 'https://example.com/2', { alias: 'bulk-edit-two' });
    const response = await sendBulk(app, 'PATCH', user, [
      { id: second.id, externalId: 'one' },
      { id: first.id, alias: 'bulk-edit-two' },
    ]);
    expect(response.json()).toEqual([
      {
        index: 0,
        status: 409,
        error: 'You already have a link with this externalId; choose another or edit that link.',
        id: first.id,
      },
      {
        index: 1,
        status: 409,
        error: 'This alias is already taken; choose another.',
        suggestion: 'bulk-edit-two-2',
      },
    ]);
  });

  it('deletes links by id and by externalId and leaves another session’s alone', async () => {
    const user = await createSession(app);
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        createLink(app, user, `https://example.com/${name}`, { externalId: name }),
      ),
    );
    const theirs = await createLink(app, stranger, 'https://example.com/theirs', { externalId: 'a' });

    const byIds = await sendBulk(app, 'DELETE', user, { ids: [a?.id, theirs.id, 'nope1234'] });
    expect(byIds.statusCode).toBe(200);
    expect(byIds.json()).toEqual([
      { id: a?.id, externalId: 'a', deleted: true },
      { index: 1, status: 404, error: NOT_FOUND },
      { index: 2, status: 404, error: NOT_FOUND },
    ]);
    const byExternalIds = await sendBulk(app, 'DELETE', user, { externalIds: ['b', 'a'] });
    expect(byExternalIds.json()).toEqual([
      { id: b?.id, externalId: 'b', deleted: true },
      { index: 1, status: 404, error: NO_SUCH_EXTERNAL_ID },
    ]);
    expect((await listLinks(app, user)).map((link) => link.id)).toEqual([c?.id]);
    expect(await listLinks(app, stranger)).toContainEqual(theirs);
    expect((await visit(app, a?.id ?? '')).statusCode).toBe(404);
  });

  it.each([
    ['both lists', { ids: ['a'], externalIds: ['b'] }],
    ['neither list', {}],
    ['an empty list', { ids: [] }],
    ['101 ids', { ids: Array.from({ length: 101 }, (_, index) => `id-${index}`) }],
  ])('refuses a delete with %s', async (_case, payload) => {
    const response = await sendBulk(app, 'DELETE', stranger, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(
      'Send {"ids": [...]} or {"externalIds": [...]}, 1 to 100 of them.',
    );
  });

  it('exports the session’s links as CSV, newest first', async () => {
    const user = await createSession(app);
    const [a] = (
      await sendBulk(app, 'POST', user, [
        {
          url: 'https://example.com/a',
          alias: 'export-a',
          externalId: 'ext,1',
          expiresAt: '2030-01-31T18:00:00Z',
          maxClicks: 5,
          password: 'secret-pass',
        },
      ])
    ).json<ShortUrl[]>();
    const b = await createLink(app, user, 'https://example.com/b?x=1,2', { externalId: '=cmd' });
    await visit(app, b.id);
    await createLink(app, stranger, 'https://example.com/not-mine');

    const response = await app.inject({ method: 'GET', url: `/api/urls/export?sessionId=${user.sessionId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="hookbay-links.csv"');
    expect(response.body).toBe(
      'id,shortUrl,url,alias,externalId,createdAt,expiresAt,maxClicks,hasPassword,clicks,state,disabledAt\r\n' +
        `${b.id},https://hookbay.example/s/${b.id},"https://example.com/b?x=1,2",,'=cmd,${b.createdAt},,,false,1,active,\r\n` +
        `export-a,https://hookbay.example/s/export-a,https://example.com/a,export-a,"ext,1",${a?.createdAt},` +
        '2030-01-31T18:00:00.000Z,5,true,0,password-protected,\r\n',
    );
    const asCsv = await app.inject({
      method: 'GET',
      url: '/api/urls/export?format=csv',
      headers: asUser(user),
    });
    expect(asCsv.body).toBe(response.body);
  });

  it('answers 400 for another export format and 401 without a session', async () => {
    const json = await app.inject({
      method: 'GET',
      url: '/api/urls/export?format=json',
      headers: asUser(stranger),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'format: format must be csv.' });
    expect((await app.inject({ method: 'GET', url: '/api/urls/export' })).statusCode).toBe(401);
  });
});
