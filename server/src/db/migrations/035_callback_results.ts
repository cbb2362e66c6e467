import type { Kysely, Migration } from 'kysely';

/**
 * callback: what a response rule's callback did after the capture was answered, as JSON
 * (shared/callback-result.ts CallbackResult); null when the answering rule had none.
 */
export function callbackResultsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_events').addColumn('callback', 'text').execute();
    },
  };
}
