import type { Kysely, Migration } from 'kysely';

/**
 * Short-link options (alias, expiry, click limit, password, disabled by an admin), the creation
 * log the create rate limit counts, and the failed password tries the password rate limit counts.
 * Both logs are kept apart from the links so that deleting a link gives no tries back.
 */
export function linkOptionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('short_links')
        .addColumn('is_alias', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      for (const [column, type] of [
        ['expires_at', 'bigint'],
        ['max_clicks', 'bigint'],
        ['password_hash', 'text'],
        ['disabled_at', 'bigint'],
      ] as const) {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        await db.schema.alterTable('short_links').addColumn(column, type).execute();
      }

      await db.schema
        .createTable('short_link_creations')
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('short_link_creations_session')
        .on('short_link_creations')
        .columns(['session_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('short_link_creations_ip')
        .on('short_link_creations')
        .columns(['ip', 'created_at'])
        .execute();
      await db.schema
        .createIndex('short_link_creations_created_at')
        .on('short_link_creations')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('short_link_password_failures')
        .addColumn('url_id', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('short_link_password_failures_key')
        .on('short_link_password_failures')
        .columns(['url_id', 'ip', 'created_at'])
        .execute();
      await db.schema
        .createIndex('short_link_password_failures_created_at')
        .on('short_link_password_failures')
        .column('created_at')
        .execute();
    },
  };
}
