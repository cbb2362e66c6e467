import type { Kysely, Migration } from 'kysely';

/** forwarded: what a forwarder reported of sending the event to its target, as JSON; null until one does. */
export function forwardResultMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_events').addColumn('forwarded', 'text').execute();
    },
  };
}
