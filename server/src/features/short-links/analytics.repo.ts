/**
 * Click aggregates, computed by the database (GROUP BY over the link's index range) so that
 * analytics stay quick for a link with a million clicks. Only people's clicks are grouped.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DayCount } from '../../../../shared/links.js';

export interface ClickTotals {
  people: number;
  bots: number;
  /** Distinct IPs among people's clicks. */
  uniqueVisitors: number;
}

export interface ValueCount {
  value: string | null;
  clicks: number;
}

export type GroupedColumn = 'country' | 'referer' | 'user_agent';

export interface AnalyticsRepo {
  totals(urlId: string): Promise<ClickTotals>;
  /** People's clicks per UTC day, oldest first. */
  byDay(urlId: string): Promise<DayCount[]>;
  /** The `limit` most frequent values of the column among people's clicks, most clicks first. */
  topValues(urlId: string, column: GroupedColumn, limit: number): Promise<ValueCount[]>;
}

/** The UTC day (YYYY-MM-DD) of an epoch-millisecond `created_at`. */
export function dayExpression(dialect: DialectName): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp(created_at / 1000) at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')`;
}

export function createAnalyticsRepo(db: Kysely<DatabaseSchema>, dialect: DialectName): AnalyticsRepo {
  const clicksOf = (urlId: string) => db.selectFrom('short_link_clicks').where('url_id', '=', urlId);

  return {
    async totals(urlId) {
      const row = await clicksOf(urlId)
        .select([
          sql<number>`coalesce(sum(case when is_bot = 0 then 1 else 0 end), 0)`.as('people'),
          sql<number>`coalesce(sum(is_bot), 0)`.as('bots'),
          sql<number>`count(distinct case when is_bot = 0 then ip end)`.as('unique_visitors'),
        ])
        .executeTakeFirstOrThrow();
      // PostgreSQL may answer sum() as numeric, which node-postgres hands over as text.
      return {
        people: Number(row.people),
        bots: Number(row.bots),
        uniqueVisitors: Number(row.unique_visitors),
      };
    },
    async byDay(urlId) {
      const day = dayExpression(dialect);
      const rows = await clicksOf(urlId)
        .where('is_bot', '=', 0)
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('clicks')])
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((row) => ({ day: row.day, clicks: Number(row.clicks) }));
    },
    async topValues(urlId, column, limit) {
      const rows = await clicksOf(urlId)
        .where('is_bot', '=', 0)
        .select([(eb) => eb.ref(column).as('value'), (eb) => eb.fn.countAll<number>().as('clicks')])
        .groupBy(column)
        .orderBy('clicks', 'desc')
        .orderBy(column)
        .limit(limit)
        .execute();
      return rows.map((row) => ({ value: row.value, clicks: Number(row.clicks) }));
    },
  };
}
