import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkShare, SharedLinkAnalytics } from '../../../../shared/link-shares.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { ShortUrl } from '../../../../shared/links.js';
import { parsePublicOrigin } from '../../config.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { createLink, readAnalytics, visit } from '../short-links/test-helpers.js';
import { createLinkShare } from './test-helpers.js';

const VISITOR_IP = '81.2.69.142';
const DAY_MS = 86_400_000;

describe.each(storageBackends)('shared analytics links on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;
  let link: ShortUrl;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
    link = await createLink(app, owner, 'https://example.com/launch', { tags: ['Launch'] });
    await visit(app, link.id, { remoteAddress: VISITOR_IP, referer: 'https://news.example/item' });
    await visit(app, link.id, { remoteAddress: '8.8.4.4' });
  });
  afterAll(() => app.close());

  const post = (payload: unknown, user = owner) =>
    app.inject({
      method: 'POST',
      url: '/api/link-shares',
      headers: asUser(user),
      payload: payload as object,
    });

  it('a stranger reads a link’s counts with the token alone, without any IP address or visitor hash', async () => {
    // The owner's own analytics do hold the visitors' addresses.
    const own = await readAnalytics(app, owner, link.id);
    expect(JSON.stringify(own)).toContain(VISITOR_IP);
    const hashes = await app.database.db
      .selectFrom('short_link_clicks')
      .select('visitor_hash')
      .where('url_id', '=', link.id)
      .execute();
    expect(hashes.some((row) => row.visitor_hash)).toBe(true);

    const before = Date.now();
    const share = await createLinkShare(app, owner, { linkId: link.id });
    expect(share.token).toMatch(/^hbl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(share.url).toBe(`https://hookbay.example/shared/links/${share.token}`);
    expect(share).toMatchObject({
      kind: 'link',
      linkId: link.id,
      tag: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    // The default lifetime: seven days.
    expect(Date.parse(share.expiresAt) - Date.parse(share.createdAt)).toBe(7 * DAY_MS);
    expect(Date.parse(share.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const shared = await app.inject({ method: 'GET', url: `/api/shared/links/${share.token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('no-store');
    const body = shared.json<SharedLinkAnalytics>();
    expect(body).toMatchObject({
      kind: 'link',
      expiresAt: share.expiresAt,
      period: 'all',
      link: {
        shortUrl: `https://hookbay.example/s/${link.id}`,
        url: 'https://example.com/launch',
        totalClicks: 2,
      },
    });
    expect(body.kind === 'link' && body.link.byReferrer).toContainEqual({ name: 'Direct', clicks: 1 });
    for (const secret of [VISITOR_IP, '8.8.4.4', ...hashes.map((row) => row.visitor_hash ?? 'none')])
      expect(shared.body).not.toContain(secret);
    expect(shared.body).not.toContain('recentClicks');

    const page = await app.inject({ method: 'GET', url: `/shared/links/${share.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(VISITOR_IP);
  });

  it('a renamed link keeps its analytics links, which show it under its new address', async () => {
    const moving = await createLink(app, owner, 'https://example.com/moving');
    await visit(app, moving.id);
    const share = await createLinkShare(app, owner, { linkId: moving.id });
    const alias = `moved-share-${postgres ? 'pg' : 'sq'}`;
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/urls/${moving.id}`,
      headers: asUser(owner),
      payload: { url: 'https://example.com/moving', alias },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const shared = await app.inject({ method: 'GET', url: `/api/shared/links/${share.token}` });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<SharedLinkAnalytics>()).toMatchObject({
      kind: 'link',
      link: { shortUrl: `https://hookbay.example/s/${alias}`, totalClicks: 1 },
    });
    const listed = await app.inject({ method: 'GET', url: '/api/link-shares', headers: asUser(owner) });
    expect(listed.json<LinkShare[]>().find((item) => item.id === share.id)?.linkId).toBe(alias);
  });

  it('a tag’s share shows the tag’s totals; the list shows shares without their tokens', async () => {
    const share = await createLinkShare(app, owner, { tag: 'LAUNCH', expiresInDays: 90 });
    expect(share).toMatchObject({ kind: 'tag', linkId: null, tag: 'launch' });
    expect(Date.parse(share.expiresAt) - Date.parse(share.createdAt)).toBe(90 * DAY_MS);
    const shared = await app.inject({ method: 'GET', url: `/api/shared/links/${share.token}?period=7d` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      kind: 'tag',
      period: '7d',
      tag: { tag: 'launch', links: 1, totalClicks: 2 },
    });
    expect(shared.body).not.toContain(VISITOR_IP);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/link-shares?tag=Launch',
      headers: asUser(owner),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<LinkShare[]>().map((item) => item.id)).toEqual([share.id]);
    expect(listed.body).not.toContain(share.token);
    const rows = await app.database.db.selectFrom('link_shares').select('token_hash').execute();
    expect(JSON.stringify(rows)).not.toContain(share.token);
  });

  it('revoking answers 410 at once for the API and the page; an unknown token 404', async () => {
    const share = await createLinkShare(app, owner, { linkId: link.id });
    const stranger = await createSession(app);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/link-shares/${share.id}`,
      headers: asUser(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'You have no analytics link with this id.' });

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/link-shares/${share.id}`,
      headers: asUser(owner),
    });
    expect(revoked.json()).toEqual({ ok: true });
    const api = await app.inject({ method: 'GET', url: `/api/shared/links/${share.token}` });
    expect(api.statusCode).toBe(410);
    expect(api.json()).toEqual({ error: 'This analytics link was revoked by its owner.', reason: 'revoked' });
    const page = await app.inject({ method: 'GET', url: `/shared/links/${share.token}` });
    expect(page.statusCode).toBe(410);

    const unknown = await app.inject({
      method: 'GET',
      url: `/api/shared/links/${share.token.slice(0, -3)}abc`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No analytics link has this address.' });
  });

  it('an expired share answers 410 "expired"', async () => {
    const share = await createLinkShare(app, owner, { linkId: link.id, expiresInDays: 1 });
    await app.database.db
      .updateTable('link_shares')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', share.id)
      .execute();
    const api = await app.inject({ method: 'GET', url: `/api/shared/links/${share.token}` });
    expect(api.statusCode).toBe(410);
    expect(api.json()).toEqual({ error: 'This analytics link has expired.', reason: 'expired' });
    expect((await app.inject({ method: 'GET', url: `/shared/links/${share.token}` })).statusCode).toBe(410);
  });

  it('refuses what it cannot share, naming the field', async () => {
    const stranger = await createSession(app);
    expect((await post({ linkId: link.id }, stranger)).statusCode).toBe(404);
    expect((await post({ tag: 'nobody-has-it' })).statusCode).toBe(404);
    const both = await post({ linkId: link.id, tag: 'launch' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ error: 'linkId: give either linkId or tag, not both.' });
    const tooLong = await post({ linkId: link.id, expiresInDays: 91 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: 'expiresInDays: a whole number of days from 1 to 90.' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/link-shares',
      payload: { linkId: link.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
