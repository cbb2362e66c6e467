import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { URL_CLICK } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp, storageBackends } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { connectSocket, listen, nextEvent } from '../../../test/socket.js';
import {
  FACEBOOK_UA,
  GOOGLEBOT_UA,
  SLACKBOT_UA,
  createLink,
  listLinks,
  readAnalytics,
  visit,
} from './test-helpers.js';

describe.each(storageBackends)('opening a short link on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres });
    owner = await createSession(app);
  });
  afterAll(() => app.close());

  it('redirects with 302 to the stored URL, never cached', async () => {
    const link = await createLink(app, owner, 'https://example.com/landing?ref=hookbay');
    const response = await visit(app, link.id);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/landing?ref=hookbay');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends a Location header that HTTP can carry for a URL with non-ASCII characters', async () => {
    const link = await createLink(app, owner, 'https://bücher.example/straße?q=ü');
    const response = await visit(app, link.id);
    expect(response.headers.location).toBe('https://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%BC');
  });

  it('counts a click, committed before the redirect is answered', async () => {
    const link = await createLink(app, owner);
    await visit(app, link.id);
    await visit(app, link.id);
    const listed = await listLinks(app, owner);
    expect(listed.find((item) => item.id === link.id)?.clicks).toBe(2);
    expect((await readAnalytics(app, owner, link.id)).totalClicks).toBe(2);
  });

  it('answers HEAD like GET but records nothing', async () => {
    const link = await createLink(app, owner, 'https://example.com/head');
    const response = await visit(app, link.id, { method: 'HEAD' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/head');
    expect(response.headers['cache-control']).toBe('no-store');
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.totalClicks).toBe(0);
    expect(analytics.recentClicks).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id and records nothing', async () => {
    for (const id of ['zzzzzzz', 'nope', 'a'.repeat(300)]) {
      expect((await visit(app, id)).statusCode).toBe(404);
      expect((await visit(app, id, { method: 'HEAD' })).statusCode).toBe(404);
    }
  });

  it('follows an edit at once', async () => {
    const link = await createLink(app, owner, 'https://example.com/before');
    await visit(app, link.id);
    await app.inject({
      method: 'PUT',
      url: `/api/urls/${link.id}`,
      headers: { 'x-session-id': owner.sessionId },
      payload: { url: 'https://example.com/after' },
    });
    expect((await visit(app, link.id)).headers.location).toBe('https://example.com/after');
  });

  it('counts people and not bots or link previews, but lists every click, marked', async () => {
    const link = await createLink(app, owner);
    await visit(app, link.id);
    for (const userAgent of [GOOGLEBOT_UA, SLACKBOT_UA, FACEBOOK_UA, null])
      await visit(app, link.id, { userAgent });
    const analytics = await readAnalytics(app, owner, link.id);
    expect(analytics.totalClicks).toBe(1);
    expect(analytics.botClicks).toBe(4);
    expect(analytics.recentClicks.map(({ isBot, botReason }) => ({ isBot, botReason }))).toEqual([
      { isBot: true, botReason: 'no user agent' },
      { isBot: true, botReason: 'link preview: Facebook' },
      { isBot: true, botReason: 'link preview: Slackbot' },
      { isBot: true, botReason: 'isbot: Googlebot' },
      { isBot: false, botReason: null },
    ]);
    expect((await listLinks(app, owner)).find((item) => item.id === link.id)?.clicks).toBe(1);
  });

  it('stores where a click came from: ip, place, network, user agent and referer', async () => {
    const link = await createLink(app, owner);
    await visit(app, link.id, { remoteAddress: '8.8.8.8', referer: 'https://news.example/item?id=1' });
    await visit(app, link.id, { remoteAddress: '127.0.0.1' });
    const [local, google] = (await readAnalytics(app, owner, link.id)).recentClicks;
    expect(google).toMatchObject({
      ip: '8.8.8.8',
      country: 'US',
      isp: 'Google LLC',
      referer: 'https://news.example/item?id=1',
      userAgent: expect.stringContaining('Chrome/124'),
    });
    expect(new Date(google?.timestamp ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(local).toMatchObject({
      ip: '127.0.0.1',
      country: 'Local network',
      isp: 'Local network',
      referer: null,
    });
  });
});

describe('live click count', () => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = await buildTestApp();
    origin = await listen(app);
  });
  afterAll(() => app.close());

  it('sends url-click with the new total to the owner’s socket after a person’s click', async () => {
    const owner = await createSession(app);
    const link = await createLink(app, owner);
    const socket = await connectSocket(origin, owner.sessionId);
    try {
      const event = nextEvent(socket, URL_CLICK);
      await visit(app, link.id);
      expect(await event).toEqual({ urlId: link.id, totalClicks: 1 });
      const second = nextEvent(socket, URL_CLICK);
      // A bot's visit in between sends nothing, so the next event is the next person's click.
      await visit(app, link.id, { userAgent: GOOGLEBOT_UA });
      await visit(app, link.id);
      expect(await second).toEqual({ urlId: link.id, totalClicks: 2 });
    } finally {
      socket.close();
    }
  });

  it('gives concurrent clicks consecutive totals', async () => {
    const owner = await createSession(app);
    const link = await createLink(app, owner);
    const socket = await connectSocket(origin, owner.sessionId);
    const totals: number[] = [];
    socket.on(URL_CLICK, ({ totalClicks }) => totals.push(totalClicks));
    try {
      const done = new Promise<void>((resolve) =>
        socket.on(URL_CLICK, () => totals.length === 10 && resolve()),
      );
      await Promise.all(Array.from({ length: 10 }, () => visit(app, link.id)));
      await done;
      expect(totals.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      socket.close();
    }
  });
});

describe('unknown short link with the web app built', () => {
  it('answers the web app’s page with status 404', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Hookbay app</title>');
    const app = await buildTestApp({ webDir });
    try {
      const response = await visit(app, 'zzzzzzz');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Hookbay app');
    } finally {
      await app.close();
    }
  });
});
