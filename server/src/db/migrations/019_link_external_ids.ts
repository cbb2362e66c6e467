import type { Kysely, Migration } from 'kysely';

/**
 * short_links.external_id: an id of the owner's own for a link (its row in their spreadsheet or
 * system), unique within the session; null for links without one. Both SQLite and PostgreSQL let
 * many rows share a null in a unique index.
 */
export function linkExternalIdsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('short_links').addColumn('external_id', 'text').execute();
      await db.schema
        .createIndex('short_links_owner_external_id')
        .on('short_links')
        .columns(['owner_session_id', 'external_id'])
        .unique()
        .execute();
    },
  };
}
