import type { Kysely, Migration } from 'kysely';
import { addTokenColumns, addTokenLifeColumns } from '../migration-columns.js';

/**
 * Read-only share links and key scopes. share_links: one row per link, holding only the token's
 * SHA-256; a revoked link keeps its row (revoked_at set) so it answers "revoked", not "unknown".
 * api_keys.scope: 'full' (everything the session may do) or 'read' (list, read, search, export, wait).
 */
export function sharesAndKeyScopesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addTokenColumns(db.schema.createTable('share_links'))
        .addColumn('event_id', 'bigint')
        .addColumn('redact_headers', 'text', (col) => col.notNull())
        .addColumn('show_secrets', 'integer', (col) => col.notNull())
        .$call(addTokenLifeColumns)
        .execute();
      // A session's own list, and the count toward its limit.
      await db.schema
        .createIndex('share_links_session_id_created_at')
        .on('share_links')
        .columns(['session_id', 'created_at'])
        .execute();
      await db.schema
        .alterTable('api_keys')
        .addColumn('scope', 'text', (col) => col.notNull().defaultTo('full'))
        .execute();
    },
  };
}
