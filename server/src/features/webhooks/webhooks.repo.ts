import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { EventsCount } from '../../../../shared/event-search.js';
import type { CaptureResponse, EventsPageQuery, ForwardResult } from '../../../../shared/webhooks.js';
import { createEventInserter, type NewEventRow, type StoredPlace } from './event-insert.js';
import { filterCondition, registerSqliteSearch, runSearch, type SearchFilter } from './event-search.js';
import type { EventRow } from './event-view.js';
import {
  deleteCapturedBefore,
  largestSessions,
  pruneSession,
  sessionsOverLimits,
  storedBytesTotal,
  type Freed,
  type SessionLimits,
  type SessionSize,
} from './retention.js';

export type EventsPage = Required<Pick<EventsPageQuery, 'limit'>> &
  EventsPageQuery & { filter?: SearchFilter };

export interface WebhooksRepo {
  /**
   * Stores the rows in one transaction; returns their places in the same order. Within a session,
   * ids are committed in increasing order (a later id is never visible before an earlier one), so
   * reading `after` the newest id one has seen never skips an event still being committed.
   */
  insertMany(rows: NewEventRow[]): Promise<StoredPlace[]>;
  /** A page of the session's visible events matching `page.filter`, newest first. */
  listVisible(sessionId: string, page: EventsPage): Promise<EventRow[]>;
  /** How many visible events the session has, and how many of them match the filter. */
  countVisible(sessionId: string, filter: SearchFilter): Promise<EventsCount>;
  findVisible(sessionId: string, id: number): Promise<EventRow | null>;
  /**
   * The visible events among `ids`, in any session and any order (a live push between workers);
   * no ids ask the database nothing.
   */
  findVisibleByIds(ids: number[]): Promise<EventRow[]>;
  /** Marks the event deleted; false when the session has no such visible event. */
  hide(sessionId: string, id: number): Promise<boolean>;
  /** Shows a deleted event again; false when the session has no such deleted event (or it was pruned). */
  restore(sessionId: string, id: number): Promise<boolean>;
  /**
   * Marks every visible event of the session up to its newest one deleted. Returns how many, and
   * the newest id covered (0 when there was none); events stored meanwhile with a higher id stay.
   */
  hideAll(sessionId: string): Promise<{ hidden: number; upTo: number }>;
  /** Records a forwarder's report on a visible event; false when the session has no such visible event. */
  setForwarded(sessionId: string, id: number, result: ForwardResult): Promise<boolean>;
  /**
   * Deletes the session's oldest events until it holds at most `limits.keep` events and
   * `limits.maxBytes` stored bytes, keeping its newest event whatever its size; returns what it deleted.
   */
  prune(sessionId: string, limits: SessionLimits): Promise<Freed>;
  /** Bytes of every session's events together (a full index scan). */
  storedBytesTotal(): Promise<number>;
  /** The `limit` sessions holding the most bytes, largest first (a full index scan). */
  largestSessions(limit: number): Promise<SessionSize[]>;
  /** The sessions over the limits (a full index scan: once at start, for limits that were lowered). */
  sessionsOverLimits(limits: SessionLimits): Promise<string[]>;
  /** Deletes every event captured before `before` (epoch ms) in every session; returns how many. */
  deleteCapturedBefore(before: number): Promise<number>;
  /** Up to `limit` visible events with an id above `after`, oldest first (an event stream's catch-up). */
  listVisibleAfter(sessionId: string, after: number, limit: number): Promise<EventRow[]>;
  /** Records the answer the sender finally got (after waiting for a forwarder). */
  setResponse(sessionId: string, id: number, response: CaptureResponse): Promise<void>;
}

export function createWebhooksRepo(db: Kysely<DatabaseSchema>): WebhooksRepo {
  const sqlite = sqliteHandleOf(db);
  const insertMany = createEventInserter(db, sqlite);
  if (sqlite) registerSqliteSearch(sqlite);
  const findVisibleByIds = sqlite ? sqliteFindVisibleByIds(sqlite) : null;
  const visibleOf = (sessionId: string) =>
    db
      .selectFrom('webhook_events')
      .where('session_id', '=', sessionId)
      .where(sql<boolean>`is_deleted = 0`);
  return {
    insertMany,
    async listVisible(sessionId, { limit, before, after, filter }) {
      // The page's ids come from the partial index of visible events alone (an index-only scan),
      // then their rows by primary key. Asked in one step, PostgreSQL walks the primary key from
      // the newest event and filters by session: quick for a busy session, but for one whose
      // events are all older than everybody else's it reads every newer row first (see
      // docs/scaling.md, "The event list, and what changed"). `is_deleted = 0` is a literal so SQLite, too, can match the partial index.
      return runSearch(sqlite !== undefined, (engine) => {
        const condition = filter ? filterCondition(filter, engine) : null;
        let ids = condition
          ? // A search tests the rows themselves, so no index-only scan. Its session is written as
            // a range and the order includes session_id so that only the session's own index gives
            // that order: with `session_id =` the order is plain id, and PostgreSQL may walk the
            // primary key through every session's rows, testing each, to fill the page sooner.
            db
              .selectFrom('webhook_events')
              .select('id')
              .where('session_id', '>=', sessionId)
              .where('session_id', '<=', sessionId)
              .where(sql<boolean>`is_deleted = 0`)
              .where(condition)
              .orderBy('session_id', 'desc')
          : visibleOf(sessionId).select('id');
        if (before !== undefined) ids = ids.where('id', '<', before);
        if (after !== undefined) ids = ids.where('id', '>', after);
        return db
          .selectFrom('webhook_events')
          .selectAll()
          .where('id', 'in', ids.orderBy('id', 'desc').limit(limit))
          .orderBy('id', 'desc')
          .execute();
      });
    },
    async countVisible(sessionId, filter) {
      // One pass over the session's events counts both.
      const counts = await runSearch(sqlite !== undefined, (engine) => {
        const condition = filterCondition(filter, engine);
        return visibleOf(sessionId)
          .select([
            sql<number>`count(*)`.as('total'),
            sql<number | null>`max(id)`.as('newest'),
            (condition
              ? sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`
              : sql<number>`count(*)`
            ).as('matching'),
          ])
          .executeTakeFirstOrThrow();
      });
      return {
        matching: Number(counts.matching),
        total: Number(counts.total),
        newestId: Number(counts.newest ?? 0),
      };
    },
    async findVisibleByIds(ids) {
      if (ids.length === 0) return [];
      if (findVisibleByIds) return findVisibleByIds(ids);
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('id', 'in', ids)
        .where(sql<boolean>`is_deleted = 0`)
        .execute();
    },
    async findVisible(sessionId, id) {
      const row = await db
        .selectFrom('webhook_events')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return row ?? null;
    },
    async hide(sessionId, id) {
      const result = await db
        .updateTable('webhook_events')
        .set({ is_deleted: 1 })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async restore(sessionId, id) {
      const result = await db
        .updateTable('webhook_events')
        .set({ is_deleted: 0 })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .where('is_deleted', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async hideAll(sessionId) {
      const newest = await visibleOf(sessionId)
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const upTo = Number(newest?.id ?? 0);
      if (upTo === 0) return { hidden: 0, upTo };
      const result = await db
        .updateTable('webhook_events')
        .set({ is_deleted: 1 })
        .where('session_id', '=', sessionId)
        .where(sql<boolean>`is_deleted = 0`)
        .where('id', '<=', upTo)
        .executeTakeFirst();
      return { hidden: Number(result.numUpdatedRows), upTo };
    },
    async setForwarded(sessionId, id, result) {
      const updated = await db
        .updateTable('webhook_events')
        .set({ forwarded: JSON.stringify(result) })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
    prune: (sessionId, limits) => pruneSession(db, sessionId, limits),
    sessionsOverLimits: (limits) => sessionsOverLimits(db, limits),
    storedBytesTotal: () => storedBytesTotal(db),
    largestSessions: (limit) => largestSessions(db, limit),
    deleteCapturedBefore: (before) => deleteCapturedBefore(db, before),
    async listVisibleAfter(sessionId, after, limit) {
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where(sql<boolean>`is_deleted = 0`)
        .where('id', '>', after)
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },
    async setResponse(sessionId, id, response) {
      await db
        .updateTable('webhook_events')
        .set({ response_status: response.status, response_source: response.source })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .execute();
    },
  };
}

/**
 * SQLite: one cached statement a row, all in one read transaction. On its own each statement
 * takes and drops SQLite's file lock and checks the file (three system calls), which cost more
 * than reading the row did.
 */
function sqliteFindVisibleByIds(sqlite: SQLite.Database): (ids: number[]) => EventRow[] {
  const byId = sqlite.prepare<[number], EventRow>(
    'SELECT * FROM webhook_events WHERE id = ? AND is_deleted = 0',
  );
  return sqlite.transaction((ids: number[]) =>
    ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    }),
  );
}
