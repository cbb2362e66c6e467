import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Per link and UTC day counters of clicks, so that the analytics of a link with a million clicks
 * read a few thousand counter rows instead of every click
 * (docs/scaling.md, "Query plans on PostgreSQL"). The click writer updates them in the transaction
 * that stores the clicks, and deleting a link deletes them with its clicks, so they always agree
 * with the click rows.
 */
export function clickRollupsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // dimension: 'country', 'referer' or 'user_agent' for people's clicks by that column's
      // value, 'bot' (value '') for bots' clicks. A missing value is stored as '' because a NULL
      // never conflicts in a unique index; analytics shows '' and NULL alike ("Unknown", "Direct").
      await db.schema
        .createTable('short_link_click_counts')
        .addColumn('url_id', 'text', (col) => col.notNull())
        .addColumn('dimension', 'text', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('clicks', 'bigint', (col) => col.notNull())
        .execute();
      // The upsert's conflict target. On PostgreSQL the value is keyed by its md5: a user agent or
      // referer may be up to 2,048 characters, up to 4 KB in UTF-8, more than a btree entry holds.
      if (dialect === 'postgres') {
        await sql`create unique index short_link_click_counts_key
          on short_link_click_counts (url_id, dimension, day, md5(value))`.execute(db);
      } else {
        await db.schema
          .createIndex('short_link_click_counts_key')
          .unique()
          .on('short_link_click_counts')
          .columns(['url_id', 'dimension', 'day', 'value'])
          .execute();
      }

      // Unique visitors (distinct IPs of people's clicks) cannot be summed from daily counters;
      // this index lets the database count them from the index alone, without reading click rows.
      // IF NOT EXISTS: on a large table an operator may build it beforehand with CREATE INDEX
      // CONCURRENTLY, which cannot run inside the migration's transaction.
      await db.schema
        .createIndex('short_link_clicks_url_id_is_bot_ip')
        .ifNotExists()
        .on('short_link_clicks')
        .columns(['url_id', 'is_bot', 'ip'])
        .execute();

      // Clicks stored before this migration keep their numbers. The day is computed as the
      // analytics used to compute it, and as the click writer does in JS (UTC, from epoch ms).
      const day =
        dialect === 'postgres'
          ? sql`to_char(to_timestamp(created_at / 1000) at time zone 'UTC', 'YYYY-MM-DD')`
          : sql`strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')`;
      for (const column of ['country', 'referer', 'user_agent'] as const) {
        const value = sql`coalesce(${sql.ref(column)}, '')`;
        await sql`insert into short_link_click_counts (url_id, dimension, day, value, clicks)
          select url_id, ${sql.lit(column)}, ${day}, ${value}, count(*) from short_link_clicks
          where is_bot = 0 group by url_id, ${day}, ${value}`.execute(db);
      }
      await sql`insert into short_link_click_counts (url_id, dimension, day, value, clicks)
        select url_id, 'bot', ${day}, '', count(*) from short_link_clicks
        where is_bot = 1 group by url_id, ${day}`.execute(db);
    },
  };
}
