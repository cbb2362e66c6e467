import type { Kysely, Migration } from 'kysely';

/**
 * API keys and private sessions. api_keys: one row per key, holding only the key's SHA-256
 * (hex); the key itself is shown once and never stored. sessions.is_private: 1 while the
 * session id alone (the one in the webhook URL) may read and change nothing.
 */
export function keysAndPrivacyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('key_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      // A session's own list, and the count toward its limit.
      await db.schema
        .createIndex('api_keys_session_id_created_at')
        .on('api_keys')
        .columns(['session_id', 'created_at'])
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('is_private', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
