import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-lock.js';
import type { EventsCount } from '../../../../shared/event-search.js';
import type { CaptureResponse, EventsPageQuery, ForwardResult } from '../../../../shared/webhooks.js';
import type { EventVerdicts } from '../../../../shared/verdicts.js';
import { filterCondition, registerSqliteSearch, runSearch, type SearchFilter } from './event-search.js';
import type { EventRow } from './event-view.js';
import {
  deleteCapturedBefore,
  largestSessions,
  pruneSession,
  sessionsOverLimits,
  storedBytesOf,
  storedBytesTotal,
  type Freed,
  type SessionLimits,
  type SessionSize,
} from './retention.js';

export interface CapturedRequest {
  sessionId: string;
  method: string;
  path: string;
  queryString: string;
  rawHeaders: [string, string][];
  body: Buffer;
  size: number;
  truncated: boolean;
  contentType: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: number;
  response: CaptureResponse;
  /** What the judges found when it arrived; `{}` (stored as null) when nothing judged it. */
  verdicts: EventVerdicts;
}

/**
 * The repo fills in `previous_id` itself, under the session's lock; `forwarded` and `callback`
 * start null and are left out of the insert.
 */
export type NewEventRow = Omit<EventRow, 'id' | 'previous_id' | 'forwarded' | 'callback'>;
export type EventsPage = Required<Pick<EventsPageQuery, 'limit'>> &
  EventsPageQuery & { filter?: SearchFilter };

/** Where a stored row sits: its id and the id of the session's event stored just before it. */
export interface StoredPlace {
  id: number;
  previousId: number | null;
}

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

/** The row stored for a capture; done once, the event sent live is built from it too. */
export function toEventRow(request: CapturedRequest): NewEventRow {
  const rawHeaders = JSON.stringify(request.rawHeaders);
  return {
    session_id: request.sessionId,
    method: request.method,
    path: request.path,
    query_string: request.queryString,
    raw_headers: rawHeaders,
    body: request.body,
    size: request.size,
    truncated: request.truncated ? 1 : 0,
    content_type: request.contentType,
    ip: request.ip,
    user_agent: request.userAgent,
    created_at: request.createdAt,
    is_deleted: 0,
    response_status: request.response.status,
    response_source: request.response.source,
    response_rule: request.response.rule ?? null,
    stored_bytes: storedBytesOf(rawHeaders, request.body),
    signature_status: request.verdicts.signature?.status ?? null,
    contract_status: request.verdicts.contract?.status ?? null,
    verdicts:
      request.verdicts.signature || request.verdicts.contract ? JSON.stringify(request.verdicts) : null,
  };
}

/** Links each row to the one stored before it in its session, starting from `lastStored`. */
function chainPlaces(
  rows: NewEventRow[],
  ids: number[],
  lastStored: Map<string, number | null>,
): StoredPlace[] {
  const last = new Map(lastStored);
  return rows.map((row, index) => {
    // One id per row, by construction of the callers.
    const id = ids[index] as number;
    const previousId = last.get(row.session_id) ?? null;
    last.set(row.session_id, id);
    return { id, previousId };
  });
}

/** The INSERT's parameters, in its column order. */
type InsertParameters = [
  EventRow['session_id'],
  EventRow['method'],
  EventRow['path'],
  EventRow['query_string'],
  EventRow['raw_headers'],
  EventRow['body'],
  EventRow['size'],
  EventRow['truncated'],
  EventRow['content_type'],
  EventRow['ip'],
  EventRow['user_agent'],
  EventRow['created_at'],
  EventRow['is_deleted'],
  EventRow['previous_id'],
  EventRow['response_status'],
  EventRow['response_source'],
  EventRow['response_rule'],
  EventRow['stored_bytes'],
  EventRow['signature_status'],
  EventRow['contract_status'],
  EventRow['verdicts'],
];

/**
 * SQLite only: one cached single-row INSERT run once per row inside one synchronous transaction.
 * A Kysely multi-row insert is compiled and prepared afresh for every batch (its SQL changes with
 * the row count), which cost more than the insert itself. SQLite has one writer at a time, so ids
 * are committed in order by nature. Returns null when it cannot be used.
 */
function sqliteInsertMany(sqlite: SQLite.Database): (rows: NewEventRow[]) => StoredPlace[] | null {
  // Bound by position: binding by name costs a lookup per parameter per row.
  const insert = sqlite.prepare<InsertParameters>(
    `INSERT INTO webhook_events (session_id, method, path, query_string, raw_headers, body, size,
       truncated, content_type, ip, user_agent, created_at, is_deleted, previous_id,
       response_status, response_source, response_rule, stored_bytes, signature_status,
       contract_status, verdicts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const newestOf = sqlite
    .prepare<[string], number | null>('SELECT max(id) FROM webhook_events WHERE session_id = ?')
    .pluck();
  // Committed before it returns, so every caller's row is durable before it is answered.
  const insertAll = writeTransaction(sqlite, (rows: NewEventRow[]) => {
    const last = new Map<string, number | null>();
    return rows.map((row) => {
      const previousId = last.has(row.session_id)
        ? (last.get(row.session_id) ?? null)
        : (newestOf.get(row.session_id) ?? null);
      const id = Number(
        insert.run(
          row.session_id,
          row.method,
          row.path,
          row.query_string,
          row.raw_headers,
          row.body,
          row.size,
          row.truncated,
          row.content_type,
          row.ip,
          row.user_agent,
          row.created_at,
          row.is_deleted,
          previousId,
          row.response_status,
          row.response_source,
          row.response_rule,
          row.stored_bytes,
          row.signature_status,
          row.contract_status,
          row.verdicts,
        ).lastInsertRowid,
      );
      last.set(row.session_id, id);
      return { id, previousId };
    });
  });
  return (rows) =>
    // Inside a Kysely transaction still open on this connection (awaiting between statements),
    // this would become a savepoint of it and share its fate; Kysely's path waits for it instead.
    sqlite.inTransaction ? null : insertAll(rows);
}

/**
 * The general path (PostgreSQL; SQLite only while another transaction holds its connection).
 * Several instances insert at once, and a sequence hands out ids in the order they are asked for,
 * not the order they commit in: without care, id 11 of a session could become visible while id 10
 * is still being committed elsewhere, and a client catching up "after 11" would never see 10. So
 * on PostgreSQL each batch first locks the rows of its sessions (in one order, so two batches
 * cannot deadlock), and only then takes its ids: the next batch of the same session waits for this
 * one's commit before it gets a larger id. FOR NO KEY UPDATE does not block the foreign-key checks
 * of other tables' inserts. SQLite has a single writer, so there the order comes for free.
 */
async function insertInSessionOrder(
  db: Kysely<DatabaseSchema>,
  rows: NewEventRow[],
  isPostgres: boolean,
): Promise<StoredPlace[]> {
  const sessionIds = [...new Set(rows.map((row) => row.session_id))].sort();
  return db.transaction().execute(async (trx) => {
    if (isPostgres) {
      await trx
        .selectFrom('sessions')
        .select('session_id')
        .where('session_id', 'in', sessionIds)
        .orderBy('session_id')
        .forNoKeyUpdate()
        .execute();
    }
    const newest = await trx
      .selectFrom('sessions')
      .select((eb) => [
        'sessions.session_id',
        eb
          .selectFrom('webhook_events')
          .select((inner) => inner.fn.max('webhook_events.id').as('id'))
          .whereRef('webhook_events.session_id', '=', 'sessions.session_id')
          .as('newest_id'),
      ])
      .where('sessions.session_id', 'in', sessionIds)
      .execute();
    const lastStored = new Map(newest.map((row) => [row.session_id, row.newest_id ?? null]));
    if (!isPostgres) {
      const places: StoredPlace[] = [];
      for (const row of rows) {
        const previousId = lastStored.get(row.session_id) ?? null;
        const { id } = await trx
          .insertInto('webhook_events')
          .values({ ...row, previous_id: previousId })
          .returning('id')
          .executeTakeFirstOrThrow();
        lastStored.set(row.session_id, id);
        places.push({ id, previousId });
      }
      return places;
    }
    const taken = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence('webhook_events', 'id')) as id
      from generate_series(1, ${rows.length})`.execute(trx);
    const places = chainPlaces(
      rows,
      taken.rows.map((row) => Number(row.id)).sort((a, b) => a - b),
      lastStored,
    );
    await trx
      .insertInto('webhook_events')
      .values(
        rows.map((row, index) => {
          // chainPlaces returns one place per row.
          const place = places[index] as StoredPlace;
          return { ...row, id: place.id, previous_id: place.previousId };
        }),
      )
      .execute();
    return places;
  });
}

export function createWebhooksRepo(db: Kysely<DatabaseSchema>): WebhooksRepo {
  const sqlite = sqliteHandleOf(db);
  const insertSqlite = sqlite ? sqliteInsertMany(sqlite) : null;
  if (sqlite) registerSqliteSearch(sqlite);
  const visibleOf = (sessionId: string) =>
    db
      .selectFrom('webhook_events')
      .where('session_id', '=', sessionId)
      .where(sql<boolean>`is_deleted = 0`);
  return {
    async insertMany(newRows) {
      return insertSqlite?.(newRows) ?? insertInSessionOrder(db, newRows, !sqlite);
    },
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
