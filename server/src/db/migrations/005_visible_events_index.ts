import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

export function visibleEventsIndexMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The event list pages through a session's visible events by id. With only the index of
      // migration 002, which also holds deleted events, PostgreSQL has to read rows to filter them
      // and may prefer walking the primary key instead, which is slow for a session whose events
      // are all old (docs/scaling.md, "The event list, and what changed"). This index answers the
      // page's ids without reading rows.
      // IF NOT EXISTS: on a large table an operator may build it beforehand with CREATE INDEX
      // CONCURRENTLY, which cannot run inside the migration's transaction, to avoid blocking captures.
      await db.schema
        .createIndex('webhook_events_visible_session_id_id')
        .ifNotExists()
        .on('webhook_events')
        .columns(['session_id', 'id'])
        .where(sql<boolean>`is_deleted = 0`)
        .execute();
    },
  };
}
