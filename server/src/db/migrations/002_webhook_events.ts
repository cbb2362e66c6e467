import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn, bytesType } from '../dialect.js';

export function webhookEventsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('webhook_events'), dialect)
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('query_string', 'text', (col) => col.notNull())
        .addColumn('raw_headers', 'text', (col) => col.notNull())
        .addColumn('body', bytesType(dialect), (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('truncated', 'integer', (col) => col.notNull())
        .addColumn('content_type', 'text')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('is_deleted', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // The listener reads a session's newest events first; pruning walks the same order.
      await db.schema
        .createIndex('webhook_events_session_id_id')
        .on('webhook_events')
        .columns(['session_id', 'id'])
        .execute();
    },
  };
}
