import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Unique visitors counted per day by a salted visitor hash, and a link's social card.
 *
 * short_link_visitor_salts: one random salt per UTC day, shared by every instance and deleted
 * after 48 hours (short-links/visitor-salts.ts). short_link_clicks.visitor_hash: the keyed hash of
 * (salt, link, IP, user agent) of a person's click. The click writer also keeps one counter row
 * per link, day and visitor (dimension 'visitor', value the hash), so a day's unique visitors are
 * its number of such rows and stay as they are when IPs are cut or clicks go.
 *
 * Clicks stored before this migration have no hash: their visitors are frozen here as distinct
 * IPs per link and day (dimension 'ip-visitors', value '', clicks = that number), as the analytics
 * counted them, so cutting their IPs later no longer changes past periods.
 */
export function visitorsAndCardsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('short_link_visitor_salts')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('salt', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.alterTable('short_link_clicks').addColumn('visitor_hash', 'text').execute();
      for (const column of ['card_title', 'card_description', 'card_image'] as const) {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        await db.schema.alterTable('short_links').addColumn(column, 'text').execute();
      }

      const day =
        dialect === 'postgres'
          ? sql`to_char(to_timestamp(created_at / 1000) at time zone 'UTC', 'YYYY-MM-DD')`
          : sql`strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')`;
      await sql`insert into short_link_click_counts (url_id, dimension, day, value, clicks)
        select url_id, 'ip-visitors', ${day}, '', count(distinct ip) from short_link_clicks
        where is_bot = 0 and ip is not null group by url_id, ${day}`.execute(db);
      // Unique visitors no longer count distinct IPs of the click rows; the index migration 006
      // built for that would only slow every click's insert.
      await db.schema.dropIndex('short_link_clicks_url_id_is_bot_ip').ifExists().execute();
    },
  };
}
