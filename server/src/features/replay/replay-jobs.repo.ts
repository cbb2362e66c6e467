import type { Kysely, Selectable } from 'kysely';
import type { ReplayJobResult } from '../../../../shared/replay-jobs.js';
import type { DatabaseSchema, ReplayJobsTable } from '../../db/schema.js';

export type ReplayJobRow = Selectable<ReplayJobsTable>;

export interface ReplayJobsRepo {
  create(row: ReplayJobRow): Promise<void>;
  find(sessionId: string, id: string): Promise<ReplayJobRow | undefined>;
  /** The session's newest jobs first. */
  recent(sessionId: string, limit: number): Promise<ReplayJobRow[]>;
  /** A job of the session still marked running and written to since `since`, if any. */
  running(sessionId: string, since: number): Promise<ReplayJobRow | undefined>;
  /** Whether the job is still marked running (a cancel from any instance ends it). */
  isRunning(id: string): Promise<boolean>;
  /** Stores the results so far; false when the job is no longer running (cancelled meanwhile). */
  saveResults(id: string, results: ReplayJobResult[], now: number): Promise<boolean>;
  /** Ends a running job with `status`; false when it was not running. */
  end(id: string, status: 'finished' | 'cancelled', now: number, sessionId?: string): Promise<boolean>;
}

export function createReplayJobsRepo(db: Kysely<DatabaseSchema>): ReplayJobsRepo {
  return {
    async create(row) {
      await db.insertInto('replay_jobs').values(row).execute();
    },
    find: (sessionId, id) =>
      db
        .selectFrom('replay_jobs')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst(),
    recent: (sessionId, limit) =>
      db
        .selectFrom('replay_jobs')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute(),
    running: (sessionId, since) =>
      db
        .selectFrom('replay_jobs')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('status', '=', 'running')
        .where('updated_at', '>=', since)
        .executeTakeFirst(),
    async isRunning(id) {
      const row = await db.selectFrom('replay_jobs').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status === 'running';
    },
    async saveResults(id, results, now) {
      const { numUpdatedRows } = await db
        .updateTable('replay_jobs')
        .set({ results: JSON.stringify(results), updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },
    async end(id, status, now, sessionId) {
      let query = db
        .updateTable('replay_jobs')
        .set({ status, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running');
      if (sessionId !== undefined) query = query.where('session_id', '=', sessionId);
      const { numUpdatedRows } = await query.executeTakeFirst();
      return numUpdatedRows > 0n;
    },
  };
}
