import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';

/**
 * A short link's history: one row per change, newest by id. `session_id` is the link's owner
 * session, `changes` the changed fields as JSON (`{"field": {"from": …, "to": …}}`). Rows follow
 * their link on a rename and are deleted with it.
 */
export function linkHistoryMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('short_link_changes'), dialect)
        .addColumn('link_id', 'text', (col) => col.notNull())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('changed_at', 'bigint', (col) => col.notNull())
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('changes', 'text', (col) => col.notNull())
        .execute();
      // A link's entries newest first, and the oldest beyond the bound.
      await db.schema
        .createIndex('short_link_changes_link_id')
        .on('short_link_changes')
        .columns(['link_id', 'id'])
        .execute();
    },
  };
}
