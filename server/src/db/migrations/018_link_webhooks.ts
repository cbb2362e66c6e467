import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';
import { addLastAttemptColumns, addSwitchColumns } from '../migration-columns.js';

/**
 * Click webhooks of short links. link_webhooks: a session's endpoints (one link, or all of its
 * links when link_id is null), with their signing secret and delivery health.
 * link_webhook_messages: the delivery queue and its recent history, one row per endpoint and
 * event; an instance claims a due row by setting claim/claimed_until in one UPDATE.
 */
export function linkWebhooksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('link_webhooks')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('link_id', 'text')
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('events', 'text', (col) => col.notNull())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('api_base', 'text', (col) => col.notNull())
        .$call(addSwitchColumns)
        .$call(addLastAttemptColumns)
        .execute();
      await db.schema
        .createIndex('link_webhooks_session')
        .on('link_webhooks')
        .columns(['session_id', 'created_at'])
        .execute();

      await addIdColumn(db.schema.createTable('link_webhook_messages'), dialect)
        .addColumn('endpoint_id', 'text', (col) => col.notNull())
        .addColumn('message_id', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        // 'pending' | 'delivered' | 'failed' | 'dropped'
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (col) => col.notNull())
        .addColumn('claim', 'text')
        .addColumn('claimed_until', 'bigint')
        .$call(addLastAttemptColumns)
        .execute();
      // The worker's search for due rows, and each endpoint's recent deliveries.
      await db.schema
        .createIndex('link_webhook_messages_due')
        .on('link_webhook_messages')
        .columns(['status', 'next_at'])
        .execute();
      await db.schema
        .createIndex('link_webhook_messages_endpoint')
        .on('link_webhook_messages')
        .columns(['endpoint_id', 'id'])
        .execute();
    },
  };
}
