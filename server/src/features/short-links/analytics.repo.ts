/**
 * Click aggregates for the analytics of a link, all read from the per-day counters the click
 * writer keeps (`short_link_click_counts`, migrations 006 and 021): a link with a million clicks
 * has a few thousand of those (and one per visitor and day), so the answer no longer grows with
 * its clicks. Only people's clicks are grouped.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DayCount } from '../../../../shared/links.js';

export interface ClickTotals {
  people: number;
  bots: number;
  /** Unique visitors of each day, added up (see migration 021). */
  uniqueVisitors: number;
}

export interface ValueCount {
  value: string | null;
  clicks: number;
}

/**
 * 'rule': the targeting rule that sent people's clicks (migration 017); 'variant': the split's
 * variant that received them (migration 028). Both are kept only for clicks a rule or variant chose.
 */
export type GroupedColumn = 'country' | 'referer' | 'user_agent' | 'rule' | 'variant';

/**
 * Every read takes `since`: epoch ms of the start of a UTC day (clicks from that day on), or null
 * for all of them.
 */
export interface AnalyticsRepo {
  totals(urlId: string, since: number | null): Promise<ClickTotals>;
  /** People's clicks per UTC day, oldest first. */
  byDay(urlId: string, since: number | null): Promise<DayCount[]>;
  /** The `limit` most frequent values of the column among people's clicks, most clicks first. */
  topValues(urlId: string, column: GroupedColumn, limit: number, since: number | null): Promise<ValueCount[]>;
}

/** The UTC day (YYYY-MM-DD) the counters file a time under; '' (before every day) for null. */
export function dayOf(since: number | null): string {
  return since === null ? '' : new Date(since).toISOString().slice(0, 10);
}

/**
 * Every person's click is counted once under each of 'country', 'referer' and 'user_agent', so
 * the 'country' counters alone give people's clicks per day and in total.
 */
export const PEOPLE_DIMENSION = 'country';

export function createAnalyticsRepo(db: Kysely<DatabaseSchema>, _dialect: DialectName): AnalyticsRepo {
  const countsOf = (urlId: string, dimension: string, since: number | null) =>
    db
      .selectFrom('short_link_click_counts')
      .where('url_id', '=', urlId)
      .where('dimension', '=', dimension)
      .where('day', '>=', dayOf(since));
  // PostgreSQL answers sum() of bigint as numeric, which node-postgres hands over as text.
  const sumOfClicks = sql<number | string | null>`sum(clicks)`;

  return {
    async totals(urlId, since) {
      const [people, bots, visitors, ipVisitors] = await Promise.all([
        countsOf(urlId, PEOPLE_DIMENSION, since).select(sumOfClicks.as('clicks')).executeTakeFirst(),
        countsOf(urlId, 'bot', since).select(sumOfClicks.as('clicks')).executeTakeFirst(),
        // Unique visitors per day, added up over the period: one 'visitor' counter row per
        // visitor hash and day, plus the distinct IPs of each day's clicks stored before visitor
        // hashes existed (migration 021).
        countsOf(urlId, 'visitor', since)
          .select(sql<number | string | null>`count(*)`.as('clicks'))
          .executeTakeFirst(),
        countsOf(urlId, 'ip-visitors', since).select(sumOfClicks.as('clicks')).executeTakeFirst(),
      ]);
      return {
        people: Number(people?.clicks ?? 0),
        bots: Number(bots?.clicks ?? 0),
        uniqueVisitors: Number(visitors?.clicks ?? 0) + Number(ipVisitors?.clicks ?? 0),
      };
    },
    async byDay(urlId, since) {
      const rows = await countsOf(urlId, PEOPLE_DIMENSION, since)
        .select(['day', sumOfClicks.as('clicks')])
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, clicks: Number(row.clicks) }));
    },
    async topValues(urlId, column, limit, since) {
      const rows = await countsOf(urlId, column, since)
        .select(['value', sumOfClicks.as('clicks')])
        .groupBy('value')
        .orderBy(sumOfClicks, 'desc')
        .orderBy('value')
        .limit(limit)
        .execute();
      // The counters store a missing value as '' (see migration 006).
      return rows.map((row) => ({ value: row.value === '' ? null : row.value, clicks: Number(row.clicks) }));
    },
  };
}
