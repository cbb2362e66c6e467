import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * What bounded storage and the operators' Sessions tab need.
 * - webhook_events.stored_bytes: the bytes a capture keeps (body + raw header text), written with
 *   the row. Rows stored before this migration keep NULL and are measured from the row when
 *   counted (webhooks/retention.ts): filling them in here would rewrite every row, bodies and all,
 *   on SQLite.
 * - (session_id, id, stored_bytes, created_at): a session's sizes newest first, its count and its
 *   last capture time, without reading its rows: on SQLite, reading a column stored after a large
 *   body walks every page of the body.
 * - (created_at, session_id): the oldest events of every session, and who captured most lately.
 * - sessions.suspended_at: set while an admin has suspended the session's webhook URL.
 * IF NOT EXISTS: on a large PostgreSQL table an operator may add the column and build the indexes
 * beforehand with CREATE INDEX CONCURRENTLY, which cannot run inside the migration's transaction
 * (docs/self-hosting.md, "What Hookbay stores, and for how long"). SQLite has no ADD COLUMN IF NOT
 * EXISTS, nor a need for it.
 */
export function sessionStorageMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table webhook_events add column if not exists stored_bytes bigint`.execute(db);
      } else {
        await db.schema.alterTable('webhook_events').addColumn('stored_bytes', 'bigint').execute();
      }
      await db.schema
        .createIndex('webhook_events_session_sizes')
        .ifNotExists()
        .on('webhook_events')
        .columns(['session_id', 'id', 'stored_bytes', 'created_at'])
        .execute();
      await db.schema
        .createIndex('webhook_events_created_at_session_id')
        .ifNotExists()
        .on('webhook_events')
        .columns(['created_at', 'session_id'])
        .execute();
      await db.schema.alterTable('sessions').addColumn('suspended_at', 'bigint').execute();
    },
  };
}
