import type { Kysely, Migration } from 'kysely';
import { addTokenColumns, addTokenLifeColumns } from '../migration-columns.js';

/**
 * Shared analytics links and destination checks. link_shares: one row per shared analytics link of
 * a short link (link_id) or a tag (tag), holding only its token's SHA-256; a revoked one keeps its
 * row so it answers "revoked", not "unknown". link_checks: the latest check of each link's destination.
 */
export function linkSharesAndChecksMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addTokenColumns(db.schema.createTable('link_shares'))
        .addColumn('link_id', 'text')
        .addColumn('tag', 'text')
        .$call(addTokenLifeColumns)
        .execute();
      await db.schema
        .createIndex('link_shares_session_id_created_at')
        .on('link_shares')
        .columns(['session_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('link_checks')
        .addColumn('link_id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('destination', 'text', (col) => col.notNull())
        .addColumn('checked_at', 'bigint', (col) => col.notNull())
        .addColumn('ok', 'integer', (col) => col.notNull())
        .addColumn('status', 'integer')
        .addColumn('error', 'text')
        .addColumn('chain', 'text', (col) => col.notNull())
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('link_checks_session_id').on('link_checks').column('session_id').execute();
    },
  };
}
