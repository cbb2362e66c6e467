import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalyticsPeriod, UrlAnalytics } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import {
  TEST_DATABASE_URL,
  buildTestApp,
  freshPostgresUrl,
  storageBackends,
  testConfig,
} from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { visitorsAndCardsMigration } from '../../db/migrations/021_visitors_and_cards.js';
import { toClickRow } from './clicks.repo.js';
import { CHROME_UA, FIREFOX_LINUX_UA, GOOGLEBOT_UA, createLink, visit } from './test-helpers.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const HASH = /^[0-9a-f]{16}$/;
/**
 * Days the tests visit on: after today, so that no instance deletes their salts at start (it
 * deletes those of days that began 48 hours before the real now).
 */
const FIRST_DAY = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
const dayAt = (index: number) => FIRST_DAY + index * DAY_MS;
const dayText = (index: number) => new Date(dayAt(index)).toISOString().slice(0, 10);

/** Visits and link creation read the clock; only Date is faked, timers run as usual. */
function setNow(at: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

async function analyticsOver(app: FastifyInstance, user: SessionUser, id: string, period: AnalyticsPeriod) {
  const response = await app.inject({
    method: 'GET',
    url: `/s/${id}/analytics?period=${period}`,
    headers: asUser(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<UrlAnalytics>();
}

function storedClicks(app: FastifyInstance, urlId: string) {
  return app.database.db
    .selectFrom('short_link_clicks')
    .select(['created_at', 'ip', 'is_bot', 'visitor_hash'])
    .where('url_id', '=', urlId)
    .orderBy('id')
    .execute();
}

function storedSaltDays(app: FastifyInstance) {
  return app.database.db
    .selectFrom('short_link_visitor_salts')
    .select('day')
    .orderBy('day')
    .execute()
    .then((rows) => rows.map((row) => row.day));
}

describe.each(storageBackends)('unique visitors on $name', ({ postgres }) => {
  let app: FastifyInstance;
  let owner: SessionUser;

  beforeAll(async () => {
    app = await buildTestApp({ postgres, clickIpRetentionDays: 7 });
    owner = await createSession(app);
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('stores a visitor hash for people only, different for another link and another day', async () => {
    setNow(dayAt(0) + 9 * HOUR_MS);
    const first = await createLink(app, owner);
    const second = await createLink(app, owner);
    await visit(app, first.id, { remoteAddress: '8.8.8.8' });
    await visit(app, second.id, { remoteAddress: '8.8.8.8' });
    await visit(app, first.id, { remoteAddress: '8.8.8.8', userAgent: GOOGLEBOT_UA });
    setNow(dayAt(1) + 9 * HOUR_MS);
    await visit(app, first.id, { remoteAddress: '8.8.8.8' });

    const [monday, bot, tuesday] = await storedClicks(app, first.id);
    const [other] = await storedClicks(app, second.id);
    expect(monday?.visitor_hash).toMatch(HASH);
    expect(tuesday?.visitor_hash).toMatch(HASH);
    expect(other?.visitor_hash).toMatch(HASH);
    expect(bot?.visitor_hash).toBeNull();
    expect(tuesday?.visitor_hash).not.toBe(monday?.visitor_hash);
    expect(other?.visitor_hash).not.toBe(monday?.visitor_hash);
    // No part of the hash input is stored beside it but the IP, which is cut later.
    expect(monday?.visitor_hash).not.toContain('8.8.8.8');
  });

  it('counts two people behind one address apart, one visitor once a day, and again the next day', async () => {
    setNow(dayAt(10) + 8 * HOUR_MS);
    const link = await createLink(app, owner);
    await visit(app, link.id, { remoteAddress: '8.8.8.8', userAgent: CHROME_UA });
    await visit(app, link.id, { remoteAddress: '8.8.8.8', userAgent: CHROME_UA });
    await visit(app, link.id, { remoteAddress: '8.8.8.8', userAgent: FIREFOX_LINUX_UA });
    await visit(app, link.id, { remoteAddress: '8.8.8.8', userAgent: GOOGLEBOT_UA });
    expect((await analyticsOver(app, owner, link.id, 'all')).uniqueVisitors).toBe(2);

    setNow(dayAt(11) + 20 * HOUR_MS);
    await visit(app, link.id, { remoteAddress: '8.8.8.8', userAgent: CHROME_UA });
    await visit(app, link.id, { remoteAddress: '8.8.8.8', userAgent: CHROME_UA });
    const all = await analyticsOver(app, owner, link.id, 'all');
    expect(all.totalClicks).toBe(5);
    expect(all.uniqueVisitors).toBe(3);
    expect((await analyticsOver(app, owner, link.id, '7d')).uniqueVisitors).toBe(3);

    expect(all.byDay).toEqual([
      { day: dayText(10), clicks: 3 },
      { day: dayText(11), clicks: 2 },
    ]);
    // A week later the last 7 days hold nobody.
    setNow(dayAt(20) + 12 * HOUR_MS);
    expect((await analyticsOver(app, owner, link.id, '7d')).uniqueVisitors).toBe(0);
  });

  it("keeps a past period's unique visitors when the IP retention cuts the addresses", async () => {
    setNow(dayAt(30) + 12 * HOUR_MS);
    const link = await createLink(app, owner);
    await visit(app, link.id, { remoteAddress: '8.8.4.1' });
    await visit(app, link.id, { remoteAddress: '8.8.4.2' });
    expect((await analyticsOver(app, owner, link.id, 'all')).uniqueVisitors).toBe(2);

    setNow(dayAt(49) + 12 * HOUR_MS);
    expect(await app.services.clicks.anonymizeOldClickIps(Date.now())).toBeGreaterThanOrEqual(2);
    expect((await storedClicks(app, link.id)).map((click) => click.ip)).toEqual(['8.8.4.0', '8.8.4.0']);
    expect((await analyticsOver(app, owner, link.id, 'all')).uniqueVisitors).toBe(2);
  });

  it('deletes a day’s salt once 48 hours have passed since the day began', async () => {
    const day = dayAt(60);
    setNow(day + 10 * HOUR_MS);
    const link = await createLink(app, owner);
    await visit(app, link.id);
    expect(await storedSaltDays(app)).toContain(dayText(60));

    await app.services.visitorSalts.deleteOld(day + 2 * DAY_MS - 1);
    expect(await storedSaltDays(app)).toContain(dayText(60));
    await app.services.visitorSalts.deleteOld(day + 2 * DAY_MS);
    expect(await storedSaltDays(app)).not.toContain(dayText(60));

    // A visit two days on hashes with that day's new salt.
    setNow(day + 2 * DAY_MS + HOUR_MS);
    await visit(app, link.id);
    expect(await storedSaltDays(app)).toContain(dayText(62));
    const [before, after] = await storedClicks(app, link.id);
    expect(after?.visitor_hash).toMatch(HASH);
    expect(after?.visitor_hash).not.toBe(before?.visitor_hash);
  });
});

describe.each(storageBackends)(
  'unique visitors of clicks older than visitor hashes on $name',
  ({ postgres }) => {
    it('are kept as distinct IPs per day by migration 021, and stay so when the IPs are cut', async () => {
      const app = await buildTestApp({ postgres, clickIpRetentionDays: 7 });
      try {
        const owner = await createSession(app);
        const link = await createLink(app, owner);
        const { db, dialect } = app.database;
        const oldClick = (day: number, ip: string, isBot = false) =>
          toClickRow({
            urlId: link.id,
            createdAt: Date.UTC(2025, 5, day, 12),
            ip,
            city: null,
            region: null,
            country: null,
            isp: null,
            userAgent: CHROME_UA,
            referer: null,
            isBot,
            botReason: isBot ? 'isbot: test' : null,
          });
        // Back to the schema before 021, with clicks stored then (no visitor hash).
        await db.schema.dropTable('short_link_visitor_salts').execute();
        await db.schema.alterTable('short_link_clicks').dropColumn('visitor_hash').execute();
        for (const column of ['card_title', 'card_description', 'card_image'])
          await db.schema.alterTable('short_links').dropColumn(column).execute();
        // The same visitor twice on June 1st, another one, a bot, and the first again on June 2nd.
        const clicks = [
          oldClick(1, '8.8.4.1'),
          oldClick(1, '8.8.4.1'),
          oldClick(1, '8.8.4.2'),
          oldClick(1, '8.8.4.3', true),
          oldClick(2, '8.8.4.1'),
        ];
        await db
          .insertInto('short_link_clicks')
          .values(clicks.map(({ visitor_hash: _hash, ...row }) => row))
          .execute();

        await visitorsAndCardsMigration(dialect).up(db);

        expect((await analyticsOver(app, owner, link.id, 'all')).uniqueVisitors).toBe(3);
        expect(await app.services.clicks.anonymizeOldClickIps(Date.now())).toBe(5);
        expect((await analyticsOver(app, owner, link.id, 'all')).uniqueVisitors).toBe(3);
      } finally {
        await app.close();
      }
    });
  },
);

// Several instances share PostgreSQL only; SQLite serves one process.
describe.runIf(TEST_DATABASE_URL)('unique visitors on several instances', () => {
  afterEach(() => vi.useRealTimers());

  it('two instances on one database hash with the same salt of the day', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const config = testConfig({ databaseUrl: await freshPostgresUrl(TEST_DATABASE_URL) });
    const first = await buildApp(config);
    const second = await buildApp(config);
    try {
      // Just after a midnight.
      setNow(dayAt(0) + 1000);
      // Both meet the new day at once, as two instances do at midnight.
      const [one, two] = await Promise.all([
        first.services.visitorSalts.saltOf(Date.now()),
        second.services.visitorSalts.saltOf(Date.now()),
      ]);
      expect(one).toBe(two);
      expect(await storedSaltDays(first)).toEqual([dayText(0)]);

      const owner = await createSession(first);
      const link = await createLink(first, owner);
      await visit(first, link.id, { remoteAddress: '8.8.8.8' });
      await visit(second, link.id, { remoteAddress: '8.8.8.8' });
      const [viaFirst, viaSecond] = await storedClicks(first, link.id);
      expect(viaFirst?.visitor_hash).toMatch(HASH);
      expect(viaSecond?.visitor_hash).toBe(viaFirst?.visitor_hash);
      expect((await analyticsOver(second, owner, link.id, 'all')).uniqueVisitors).toBe(1);
    } finally {
      vi.useRealTimers();
      await Promise.all([first.close(), second.close()]);
    }
  });
});
