import type { Kysely, Migration } from 'kysely';

/**
 * Drops migration 002's index webhook_events_session_id_id (session_id, id): migration 013's
 * webhook_events_session_sizes (session_id, id, stored_bytes, created_at) begins with the same two
 * columns, so it answers every question the first one did (a session's newest id, pruning's
 * cutoff), from the index alone as well. Every capture wrote an entry into both; without the
 * first, committing a single capture costs about a fifth less (docs/benchmarks.md).
 * IF EXISTS: on a large PostgreSQL table an operator may drop it beforehand with DROP INDEX
 * CONCURRENTLY, which cannot run inside the migration's transaction.
 */
export function redundantEventIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('webhook_events_session_id_id').ifExists().execute();
    },
  };
}
