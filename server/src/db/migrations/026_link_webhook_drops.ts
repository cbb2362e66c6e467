import type { Kysely, Migration } from 'kysely';

/**
 * How many messages an endpoint's full queue dropped (link_webhooks.dropped_messages), shown to its
 * owner beside the endpoint.
 */
export function linkWebhookDropsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('link_webhooks')
        .addColumn('dropped_messages', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
