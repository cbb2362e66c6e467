import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';

export function shortLinksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('short_links')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        .addColumn('url', 'text', (col) => col.notNull())
        // People's clicks, kept beside the link so the list never counts click rows.
        .addColumn('clicks', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('short_links_owner_created_at')
        .on('short_links')
        .columns(['owner_session_id', 'created_at'])
        .execute();

      // No foreign key to short_links on purpose: a click racing a delete would fail the whole
      // group-commit batch it is in. Deleting a link deletes its clicks, and the click writer
      // removes rows it wrote for a link that was deleted meanwhile.
      await addIdColumn(db.schema.createTable('short_link_clicks'), dialect)
        .addColumn('url_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('ip_anonymized', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('city', 'text')
        .addColumn('region', 'text')
        .addColumn('country', 'text')
        .addColumn('isp', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('referer', 'text')
        .addColumn('is_bot', 'integer', (col) => col.notNull())
        .addColumn('bot_reason', 'text')
        .execute();
      // Recent clicks and CSV pages walk (url_id, id); the per-day and other aggregates read by url_id.
      await db.schema
        .createIndex('short_link_clicks_url_id_id')
        .on('short_link_clicks')
        .columns(['url_id', 'id'])
        .execute();
      await db.schema
        .createIndex('short_link_clicks_url_id_created_at')
        .on('short_link_clicks')
        .columns(['url_id', 'created_at'])
        .execute();
      // Only clicks still holding a full IP are in this index, so the hourly anonymizer finds its
      // work without scanning history it has already done.
      await db.schema
        .createIndex('short_link_clicks_pending_ip')
        .on('short_link_clicks')
        .column('created_at')
        .where(sql<boolean>`ip_anonymized = 0`)
        .execute();
    },
  };
}
