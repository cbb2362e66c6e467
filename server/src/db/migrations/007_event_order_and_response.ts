import type { Kysely, Migration } from 'kysely';

/**
 * previous_id: the id of the event stored just before this one in the same session, written under
 * the session's lock, so a client that has seen every link of that chain knows it missed nothing.
 * response_status / response_source: what the sender of the request was answered, and by what.
 * Rows stored before this migration keep NULLs; they were all answered by the default rule, which
 * the event view derives (200, or 413 for a truncated body) instead of rewriting every row here.
 */
export function eventOrderAndResponseMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_events').addColumn('previous_id', 'bigint').execute();
      await db.schema.alterTable('webhook_events').addColumn('response_status', 'integer').execute();
      await db.schema.alterTable('webhook_events').addColumn('response_source', 'text').execute();
    },
  };
}
