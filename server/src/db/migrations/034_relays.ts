import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';
import { addLastAttemptColumns, addSwitchColumns } from '../migration-columns.js';

/**
 * Relays: a session's destinations that every matching capture is passed on to. Click webhooks'
 * queue becomes the one delivery outbox both use (delivery_messages, each row of a `kind`: 'link'
 * or 'relay'); a relay row names the captured request it carries (event_id) instead of a body.
 * relay_attempts keeps every attempt of every relay message, shown in the request's details.
 */
export function relaysMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('link_webhook_messages').renameTo('delivery_messages').execute();
      await db.schema
        .alterTable('delivery_messages')
        .addColumn('kind', 'text', (col) => col.notNull().defaultTo('link'))
        .execute();
      await db.schema.alterTable('delivery_messages').addColumn('event_id', 'bigint').execute();
      // The worker's test that no older message of a relay destination is still pending.
      await db.schema
        .createIndex('delivery_messages_line')
        .on('delivery_messages')
        .columns(['endpoint_id', 'status', 'event_id'])
        .execute();

      await db.schema
        .createTable('relay_destinations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('url', 'text', (col) => col.notNull())
        // 'sign' | 'headers'
        .addColumn('mode', 'text', (col) => col.notNull())
        .addColumn('secret', 'text')
        // Comma-separated methods; '' for any.
        .addColumn('filter_methods', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('filter_path', 'text')
        .addColumn('filter_q', 'text')
        .$call(addSwitchColumns)
        .addColumn('dropped_messages', 'bigint', (col) => col.notNull().defaultTo(0))
        .$call(addLastAttemptColumns)
        .execute();
      await db.schema
        .createIndex('relay_destinations_session')
        .on('relay_destinations')
        .columns(['session_id', 'created_at'])
        .execute();

      await addIdColumn(db.schema.createTable('relay_attempts'), dialect)
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('destination_id', 'text', (col) => col.notNull())
        .addColumn('event_id', 'bigint', (col) => col.notNull())
        .addColumn('message_id', 'text', (col) => col.notNull())
        .addColumn('attempt', 'integer', (col) => col.notNull())
        // The message's state after this attempt: 'delivered' | 'pending' | 'failed' | 'dropped'
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('status', 'integer')
        .addColumn('error', 'text')
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('relay_attempts_event')
        .on('relay_attempts')
        .columns(['session_id', 'event_id'])
        .execute();
      // The per-minute count of a session's attempts.
      await db.schema
        .createIndex('relay_attempts_recent')
        .on('relay_attempts')
        .columns(['session_id', 'at'])
        .execute();
      await db.schema
        .createIndex('relay_attempts_destination')
        .on('relay_attempts')
        .columns(['destination_id', 'id'])
        .execute();
    },
  };
}
