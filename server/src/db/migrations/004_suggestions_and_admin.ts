import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';

export function suggestionsAndAdminMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // category and status are plain text without a CHECK so the value lists can grow without
      // rebuilding the table (SQLite cannot alter a constraint); the repo validates what it reads.
      await addIdColumn(db.schema.createTable('suggestions'), dialect)
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        // Kept only to limit how many suggestions one address sends per hour; never returned.
        .addColumn('ip', 'text')
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('admin_notes', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // The own list and the hourly limit read by (session_id, created_at); the limit also by ip.
      await db.schema
        .createIndex('suggestions_session_id_created_at')
        .on('suggestions')
        .columns(['session_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('suggestions_ip_created_at')
        .on('suggestions')
        .columns(['ip', 'created_at'])
        .execute();
      await db.schema
        .createIndex('suggestions_status_created_at')
        .on('suggestions')
        .columns(['status', 'created_at'])
        .execute();

      // One row per session that was ever granted. Revoking clears is_admin and bumps generation,
      // which is signed into every admin cookie, so all cookies issued before stop working.
      await db.schema
        .createTable('admin_sessions')
        .addColumn('session_id', 'text', (col) => col.primaryKey().references('sessions.session_id'))
        .addColumn('is_admin', 'integer', (col) => col.notNull())
        .addColumn('generation', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      // One-time links printed by `npm run admin -- grant`. Only the token's sha256 is stored.
      await db.schema
        .createTable('admin_claim_tokens')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        .addColumn('generation', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      // Server-wide values every instance must agree on, such as the admin cookie secret.
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
