import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';

/**
 * Visits to short links that do not exist, without IP addresses: `alias` as visited, `session_id`
 * the session that deleted or renamed away that alias (null: no session's). Kept bounded by count
 * and age (orphan-visits.repo.ts). `retired_aliases` remembers which session last gave up an alias,
 * so that later visits to it are shown to that session.
 */
export function orphanVisitsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('orphan_visits'), dialect)
        .addColumn('alias', 'text', (col) => col.notNull())
        .addColumn('session_id', 'text')
        .addColumn('visited_at', 'bigint', (col) => col.notNull())
        .addColumn('referer', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema
        .createIndex('orphan_visits_session')
        .on('orphan_visits')
        .columns(['session_id', 'id'])
        .execute();
      await db.schema
        .createTable('retired_aliases')
        .addColumn('alias', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('retired_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
