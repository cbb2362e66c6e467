import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import type { DialectName } from '../../db/dialect.js';
import { clickRollupsMigration } from '../../db/migrations/006_click_rollups.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createAnalyticsRepo, type AnalyticsRepo, type ValueCount } from './analytics.repo.js';
import { createClicksRepo, toClickRow, type ClicksRepo } from './clicks.repo.js';
import { type NewClick } from './new-click.js';
import { createLinksRepo, type LinksRepo } from './links.repo.js';

const DAY = 24 * 60 * 60 * 1000;
const COLUMNS = ['country', 'referer', 'user_agent'] as const;

/** Mixed people and bots over three UTC days, with missing values and a click a millisecond before midnight. */
function mixedClicks(urlId: string): NewClick[] {
  const countries = ['FR', 'US', null, 'US', 'DE'];
  const referers = [null, 'https://a.example/', 'https://b.example/', null];
  const agents = ['agent-1', 'agent-2', null];
  return Array.from({ length: 60 }, (_, n) => ({
    urlId,
    createdAt: Date.UTC(2024, 2, 1) + (n % 3) * DAY + (n % 7 === 0 ? DAY - 1 : n * 1000),
    ip: n % 11 === 0 ? null : `203.0.113.${n % 9}`,
    city: null,
    region: null,
    country: countries[n % countries.length] ?? null,
    isp: null,
    userAgent: agents[n % agents.length] ?? null,
    referer: referers[n % referers.length] ?? null,
    isBot: n % 4 === 1,
    botReason: n % 4 === 1 ? 'isbot: test' : null,
    // Like real visitor hashes, one visitor's hash differs from one day (n % 3) to the next.
    visitorHash: n % 4 === 1 ? null : `visitor-${n % 3}-${n % 5}`,
  }));
}

/** The analytics as they were computed before the rollups: GROUP BY over the click rows. */
async function groupedFromClicks(db: Kysely<DatabaseSchema>, dialect: DialectName, urlId: string) {
  const day =
    dialect === 'postgres'
      ? sql<string>`to_char(to_timestamp(created_at / 1000) at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')`;
  const clicksOf = () => db.selectFrom('short_link_clicks').where('url_id', '=', urlId);
  const totals = await clicksOf()
    .select([
      sql<number>`coalesce(sum(case when is_bot = 0 then 1 else 0 end), 0)`.as('people'),
      sql<number>`coalesce(sum(is_bot), 0)`.as('bots'),
      // Hashes differ between days, so distinct hashes are the days' unique visitors added up.
      sql<number>`count(distinct case when is_bot = 0 then visitor_hash end)`.as('unique_visitors'),
    ])
    .executeTakeFirstOrThrow();
  const byDay = await clicksOf()
    .where('is_bot', '=', 0)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('clicks')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  const values: Record<string, ValueCount[]> = {};
  for (const column of COLUMNS) {
    const rows = await clicksOf()
      .where('is_bot', '=', 0)
      .select([(eb) => eb.ref(column).as('value'), (eb) => eb.fn.countAll<number>().as('clicks')])
      .groupBy(column)
      .execute();
    values[column] = sortValues(rows.map((row) => ({ value: row.value, clicks: Number(row.clicks) })));
  }
  return {
    totals: {
      people: Number(totals.people),
      bots: Number(totals.bots),
      uniqueVisitors: Number(totals.unique_visitors),
    },
    byDay: byDay.map((row) => ({ day: row.day, clicks: Number(row.clicks) })),
    values,
  };
}

/** The same numbers read through the analytics repo, that is from the rollups. */
async function fromRollups(analytics: AnalyticsRepo, urlId: string) {
  const values: Record<string, ValueCount[]> = {};
  for (const column of COLUMNS)
    values[column] = sortValues(await analytics.topValues(urlId, column, 1000, null));
  return { totals: await analytics.totals(urlId, null), byDay: await analytics.byDay(urlId, null), values };
}

function sortValues(values: ValueCount[]): ValueCount[] {
  return [...values].sort((a, b) => (a.value ?? '').localeCompare(b.value ?? ''));
}

describe.each(storageBackends)('click rollups on $name', ({ postgres }) => {
  let database: Database;
  let clicks: ClicksRepo;
  let links: LinksRepo;
  let analytics: AnalyticsRepo;
  const sessionId = '00000000-0000-4000-8000-000000000002';

  const addLink = (id: string) =>
    links.insertIfFree({ id, ownerSessionId: sessionId, url: 'https://example.com', createdAt: 0 });
  const rollupRows = (urlId: string) =>
    database.db
      .selectFrom('short_link_click_counts')
      .select(['dimension', 'day', 'value', 'clicks'])
      .where('url_id', '=', urlId)
      .orderBy('dimension')
      .orderBy('day')
      .orderBy('value')
      .execute();

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase({ databaseUrl, dataDir: testConfig().dataDir });
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-2', referrer: null, created_at: 0 })
      .execute();
    clicks = createClicksRepo(database.db);
    links = createLinksRepo(database.db);
    analytics = createAnalyticsRepo(database.db, database.dialect);
  });
  afterAll(() => database.close());

  it('agree with grouping the clicks themselves, across batches, days, people and bots', async () => {
    await addLink('rollup1');
    await addLink('rollup2');
    const mixed = mixedClicks('rollup1');
    // Two batches, the first also holding another link's clicks, so counters are both created and added to.
    await clicks.insertMany([...mixed.slice(0, 25), ...mixedClicks('rollup2').slice(0, 10)]);
    await clicks.insertMany(mixed.slice(25));
    const expected = await groupedFromClicks(database.db, database.dialect, 'rollup1');
    expect(expected.totals).toEqual({ people: 45, bots: 15, uniqueVisitors: 15 });
    expect(expected.byDay).toHaveLength(3);
    expect(await fromRollups(analytics, 'rollup1')).toEqual(expected);
  });

  it('are not written for a link deleted before its clicks, and are deleted with the link', async () => {
    expect(await clicks.insertMany(mixedClicks('rollgone').slice(0, 5))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(await rollupRows('rollgone')).toEqual([]);

    await addLink('rollup3');
    await clicks.insertMany(mixedClicks('rollup3'));
    expect((await rollupRows('rollup3')).length).toBeGreaterThan(0);
    expect(await links.delete(sessionId, 'rollup3')).toBe(true);
    expect(await rollupRows('rollup3')).toEqual([]);
    expect((await rollupRows('rollup1')).length).toBeGreaterThan(0);
  });

  it('are filled by migration 006 from the clicks stored before it', async () => {
    const written = await rollupRows('rollup1');
    // Back to the schema before 006, with the clicks as they were stored then (no rollups).
    await sql`drop table short_link_click_counts`.execute(database.db);
    await sql`drop index if exists short_link_clicks_url_id_is_bot_ip`.execute(database.db);
    await database.db
      .insertInto('short_link_clicks')
      .values(mixedClicks('rollup4').map(toClickRow))
      .execute();

    // Run on its own: later migrations are already applied, and the migrator refuses to go back.
    await clickRollupsMigration(database.dialect).up(database.db);

    // The same counters as the click writer kept, and the same numbers as grouping the clicks,
    // but for the unique visitors, which migration 021 added later.
    const before021 = written.filter((row) => row.dimension !== 'visitor');
    expect(await rollupRows('rollup1')).toEqual(before021);
    expect(await rollupRows('rollup4')).toEqual(before021);
    const grouped = await groupedFromClicks(database.db, database.dialect, 'rollup4');
    expect(await fromRollups(analytics, 'rollup4')).toEqual({
      ...grouped,
      totals: { ...grouped.totals, uniqueVisitors: 0 },
    });
    // The writer's upsert still finds the unique index the migration built.
    await addLink('rollup4');
    await clicks.insertMany(mixedClicks('rollup4'));
    expect(await fromRollups(analytics, 'rollup4')).toEqual(
      await groupedFromClicks(database.db, database.dialect, 'rollup4'),
    );
  });
});
