import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { addIdColumn } from '../dialect.js';

/**
 * Conformance runs ("Test my sender"). conformance_runs: one row per armed run, `fail_with` as
 * JSON, `ends_at` moved to the disarming time when the user disarms it. conformance_deliveries:
 * how many deliveries of each message (by its delivery id) a run has seen, shared by every
 * instance so that the first N of each message fail wherever they land. Rows go with their run.
 */
export function conformanceRunsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('conformance_runs'), dialect)
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('fail_first', 'integer', (col) => col.notNull())
        .addColumn('fail_with', 'text', (col) => col.notNull())
        .addColumn('minutes', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('ends_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('conformance_runs_session')
        .on('conformance_runs')
        .columns(['session_id', 'id'])
        .execute();
      await db.schema
        .createTable('conformance_deliveries')
        .addColumn('run_id', 'bigint', (col) => col.notNull())
        .addColumn('message_key', 'text', (col) => col.notNull())
        .addColumn('seen', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('conformance_deliveries_pk', ['run_id', 'message_key'])
        .execute();
    },
  };
}
