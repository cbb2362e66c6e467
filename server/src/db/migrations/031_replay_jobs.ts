import type { Kysely, Migration } from 'kysely';

/**
 * Bulk replays: one row per job, its results as a JSON list (at most 1000), so any instance can
 * show a job's progress and cancel it while the instance that started it sends.
 */
export function replayJobsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('replay_jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('per_minute', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('total', 'integer', (col) => col.notNull())
        .addColumn('results', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('replay_jobs_session')
        .on('replay_jobs')
        .columns(['session_id', 'created_at'])
        .execute();
    },
  };
}
