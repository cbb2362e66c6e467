import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { parsePublicOrigin } from '../../config.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import {
  CHROME_UA,
  FACEBOOK_UA,
  GOOGLEBOT_UA,
  SLACKBOT_UA,
  createLink,
  listLinks,
  readAnalytics,
  visit,
} from './test-helpers.js';

const TWITTERBOT_UA = 'Twitterbot/1.0';
const DESTINATION = 'https://example.com/launch?utm_source=card';
const CARD = {
  title: 'Launch week',
  description: 'Five days of new things.',
  image: 'https://cdn.example.com/launch.png',
};

/** The head of a card page as a link preview reads it. */
function metaTagsOf(response: LightMyRequestResponse): string[] {
  return response.body.match(/<meta [^>]*>/g) ?? [];
}

function expectCardPage(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers.location).toBeUndefined();
  expect(response.body).not.toMatch(/<script|<style|\sstyle=/);
}

describe.each(storageBackends)('social cards on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, publicOrigin: parsePublicOrigin('https://hookbay.example') });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  function send(method: 'POST' | 'PUT', url: string, payload: object) {
    return app.inject({ method, url, headers: asUser(owner), payload });
  }

  it('is stored, returned on the link objects, changed, left alone and removed', async () => {
    const created = await send('POST', '/api/urls', {
      url: DESTINATION,
      card: { title: '  Launch week  ', description: '', image: CARD.image },
    });
    expect(created.statusCode).toBe(201);
    const link = created.json<ShortUrl>();
    expect(link.card).toEqual({ title: 'Launch week', description: null, image: CARD.image });
    expect((await listLinks(app, owner)).find((listed) => listed.id === link.id)?.card).toEqual(link.card);

    const changed = await send('PUT', `/api/urls/${link.id}`, { url: DESTINATION, card: CARD });
    expect(changed.json<ShortUrl>().card).toEqual(CARD);
    const untouched = await send('PUT', `/api/urls/${link.id}`, { url: `${DESTINATION}&v=2` });
    expect(untouched.json<ShortUrl>().card).toEqual(CARD);
    const removed = await send('PUT', `/api/urls/${link.id}`, { url: DESTINATION, card: null });
    expect(removed.json<ShortUrl>().card).toBeNull();
    const emptied = await send('PUT', `/api/urls/${link.id}`, {
      url: DESTINATION,
      card: { title: ' ', description: null },
    });
    expect(emptied.json<ShortUrl>().card).toBeNull();
    expect((await createLink(app, owner)).card).toBeNull();
  });

  it.each([
    [{ title: 'x'.repeat(121) }, 'card.title: The card title can be at most 120 characters.'],
    [
      { description: 'x'.repeat(301) },
      'card.description: The card description can be at most 300 characters.',
    ],
    [
      { image: 'javascript:alert(1)' },
      'card.image: The card image must be a web address starting with http:// or https://.',
    ],
    [
      { image: 'ftp://files.example/a.png' },
      'card.image: The card image must be a web address starting with http:// or https://.',
    ],
    [
      { image: `https://cdn.example.com/${'x'.repeat(2030)}` },
      'card.image: The card image address can be at most 2,048 characters.',
    ],
    [{ title: 5 }, 'card.title: The card title can be at most 120 characters.'],
  ])('refuses the card %j with 400', async (card, error) => {
    const response = await send('POST', '/api/urls', { url: DESTINATION, card });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
    const link = await createLink(app, owner);
    const edit = await send('PUT', `/api/urls/${link.id}`, { url: DESTINATION, card });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ error });
  });

  it('refuses a card that is not an object', async () => {
    const response = await send('POST', '/api/urls', { url: DESTINATION, card: 'Launch' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'card: card must be an object like {"title": "…", "description": "…", "image": "https://…"} or null.',
    });
  });

  it('answers Slackbot with the card page and its exact tags, recorded as a bot', async () => {
    const link = await createLink(app, owner, DESTINATION, { card: CARD });
    const response = await visit(app, link.id, { userAgent: SLACKBOT_UA });
    expectCardPage(response);
    const shortUrl = `https://hookbay.example/s/${link.id}`;
    const destination = 'https://example.com/launch?utm_source=card';
    expect(metaTagsOf(response)).toEqual([
      '<meta charset="utf-8">',
      '<meta name="robots" content="noindex">',
      '<meta property="og:type" content="website">',
      `<meta property="og:url" content="${shortUrl}">`,
      '<meta property="og:title" content="Launch week">',
      '<meta property="og:description" content="Five days of new things.">',
      '<meta property="og:image" content="https://cdn.example.com/launch.png">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Launch week">',
      '<meta name="twitter:description" content="Five days of new things.">',
      '<meta name="twitter:image" content="https://cdn.example.com/launch.png">',
      '<meta name="description" content="Five days of new things.">',
      `<meta http-equiv="refresh" content="0; url=${destination}">`,
    ]);
    expect(response.body).toContain('<title>Launch week</title>');
    expect(response.body).toContain(`<a href="${destination}">Launch week</a>`);

    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics).toMatchObject({ totalClicks: 0, botClicks: 1, uniqueVisitors: 0 });
    expect(analytics.recentClicks[0]?.botReason).toBe('link preview: Slackbot');
  });

  it('escapes every value, and gives Twitterbot a summary card without an image', async () => {
    const link = await createLink(app, owner, 'https://example.com/a?b=1&c="2"', {
      card: {
        title: `<script>alert("hi")</script> & 'co'`,
        description: '"><img src=x onerror=alert(1)>',
        image: null,
      },
    });
    const response = await visit(app, link.id, { userAgent: TWITTERBOT_UA });
    expectCardPage(response);
    const tags = metaTagsOf(response);
    expect(tags).toContain(
      '<meta property="og:title" content="&#60;script&#62;alert(&#34;hi&#34;)&#60;/script&#62; &#38; &#39;co&#39;">',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
    expect(tags).toContain(
      '<meta property="og:description" content="&#34;&#62;&#60;img src=x onerror=alert(1)&#62;">',
    );
    expect(tags.some((tag) => tag.includes('og:image'))).toBe(false);
    expect(tags).toContain(
      '<meta http-equiv="refresh" content="0; url=https://example.com/a?b=1&#38;c=%222%22">',
    );
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<img');
  });

  it('uses the destination host as the title when the card has none', async () => {
    const link = await createLink(app, owner, DESTINATION, {
      card: { title: null, description: null, image: CARD.image },
    });
    const tags = metaTagsOf(await visit(app, link.id, { userAgent: FACEBOOK_UA }));
    expect(tags).toContain('<meta property="og:title" content="example.com">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('redirects people and other bots as always, and previews of links without a card', async () => {
    const link = await createLink(app, owner, DESTINATION, { card: CARD });
    for (const userAgent of [CHROME_UA, GOOGLEBOT_UA]) {
      const response = await visit(app, link.id, { userAgent });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(DESTINATION);
    }
    const plain = await createLink(app, owner, DESTINATION);
    const preview = await visit(app, plain.id, { userAgent: SLACKBOT_UA });
    expect(preview.statusCode).toBe(302);
    expect(preview.headers.location).toBe(DESTINATION);
  });

  it('shows a card changed by an edit at once, and keeps a password link closed to previews', async () => {
    const link = await createLink(app, owner, DESTINATION, { card: CARD });
    expect(metaTagsOf(await visit(app, link.id, { userAgent: SLACKBOT_UA }))).toContain(
      '<meta property="og:title" content="Launch week">',
    );
    await send('PUT', `/api/urls/${link.id}`, { url: DESTINATION, card: { ...CARD, title: 'Launch day' } });
    expect(metaTagsOf(await visit(app, link.id, { userAgent: SLACKBOT_UA }))).toContain(
      '<meta property="og:title" content="Launch day">',
    );

    await send('PUT', `/api/urls/${link.id}`, { url: DESTINATION, password: 'open sesame' });
    const locked = await visit(app, link.id, { userAgent: SLACKBOT_UA });
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('This link is password-protected');
    expect(locked.body).not.toContain('og:title');
    expect(locked.body).not.toContain('example.com/launch');
  });

  it('answers a HEAD from a preview as its GET would, recording nothing', async () => {
    const link = await createLink(app, owner, DESTINATION, { card: CARD });
    const response = await visit(app, link.id, { userAgent: SLACKBOT_UA, method: 'HEAD' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await readAnalytics(app, owner, link.id)).botClicks).toBe(0);
  });
});
