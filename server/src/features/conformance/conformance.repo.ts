/**
 * SQL of conformance runs (tables conformance_runs and conformance_deliveries, migration 025) and
 * the one read of captured events a report needs. The tables are declared here, beside their only
 * reader.
 */
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { FailWith } from '../../../../shared/conformance.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { EventRow } from '../webhooks/event-view.js';

interface ConformanceRunsTable {
  id: Generated<number>;
  session_id: string;
  path: string;
  fail_first: number;
  /** JSON of `{status}` or `{fault}`. */
  fail_with: string;
  minutes: number;
  created_at: number;
  ends_at: number;
}

interface ConformanceDeliveriesTable {
  run_id: number;
  message_key: string;
  seen: number;
}

// A type alias, not an interface: Kysely's table maps need an index signature.
type ConformanceTables = {
  conformance_runs: ConformanceRunsTable;
  conformance_deliveries: ConformanceDeliveriesTable;
};

type RunRow = Selectable<ConformanceRunsTable>;

export interface StoredRun {
  id: number;
  sessionId: string;
  path: string;
  failFirst: number;
  failWith: FailWith;
  minutes: number;
  createdAt: number;
  endsAt: number;
}

export type NewRun = Omit<StoredRun, 'id'>;

/** Events a report reads at most; a run of a few minutes stays far below. */
export const REPORT_EVENTS_MAX = 2000;
/** Runs listed at most, newest first. */
export const RUNS_LISTED_MAX = 50;

export interface ConformanceRepo {
  insert(run: NewRun): Promise<StoredRun>;
  /** The session's runs, newest first. */
  list(sessionId: string, limit: number): Promise<StoredRun[]>;
  find(sessionId: string, id: number): Promise<StoredRun | null>;
  /** The session's runs whose end is after `now`. */
  armed(sessionId: string, now: number): Promise<StoredRun[]>;
  /** Moves the run's end to `endsAt` when it is later; false when the session has no such run. */
  end(sessionId: string, id: number, endsAt: number): Promise<boolean>;
  /** Counts one more delivery of the message; returns how many the run has seen, this one included. */
  countDelivery(runId: number, messageKey: string): Promise<number>;
  /** The session's visible events captured from `from` to `to` (epoch ms), oldest first. */
  eventsBetween(sessionId: string, from: number, to: number): Promise<EventRow[]>;
}

function toRun(row: RunRow): StoredRun {
  return {
    id: Number(row.id),
    sessionId: row.session_id,
    path: row.path,
    failFirst: Number(row.fail_first),
    // Written by insert() from a checked failWith.
    failWith: JSON.parse(row.fail_with) as FailWith,
    minutes: Number(row.minutes),
    createdAt: Number(row.created_at),
    endsAt: Number(row.ends_at),
  };
}

export function createConformanceRepo(database: Kysely<DatabaseSchema>): ConformanceRepo {
  const db = database.withTables<ConformanceTables>();
  return {
    async insert(run) {
      const row = await db
        .insertInto('conformance_runs')
        .values({
          session_id: run.sessionId,
          path: run.path,
          fail_first: run.failFirst,
          fail_with: JSON.stringify(run.failWith),
          minutes: run.minutes,
          created_at: run.createdAt,
          ends_at: run.endsAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRun(row);
    },
    async list(sessionId, limit) {
      const rows = await db
        .selectFrom('conformance_runs')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRun);
    },
    async find(sessionId, id) {
      const row = await db
        .selectFrom('conformance_runs')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRun(row) : null;
    },
    async armed(sessionId, now) {
      const rows = await db
        .selectFrom('conformance_runs')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('ends_at', '>', now)
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toRun);
    },
    async end(sessionId, id, endsAt) {
      const row = await db
        .selectFrom('conformance_runs')
        .select('ends_at')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (Number(row.ends_at) > endsAt) {
        await db.updateTable('conformance_runs').set({ ends_at: endsAt }).where('id', '=', id).execute();
      }
      return true;
    },
    async countDelivery(runId, messageKey) {
      // One atomic statement, so deliveries landing on several instances at once each get their own number.
      const { seen } = await db
        .insertInto('conformance_deliveries')
        .values({ run_id: runId, message_key: messageKey, seen: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['run_id', 'message_key'])
            .doUpdateSet({ seen: sql<number>`conformance_deliveries.seen + 1` }),
        )
        .returning('seen')
        .executeTakeFirstOrThrow();
      return Number(seen);
    },
    async eventsBetween(sessionId, from, to) {
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where(sql<boolean>`is_deleted = 0`)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .orderBy('id', 'asc')
        .limit(REPORT_EVENTS_MAX)
        .execute();
    },
  };
}
