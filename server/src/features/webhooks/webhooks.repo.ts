import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type Selectable } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema, WebhookEventsTable } from '../../db/schema.js';
import type { EventsCount } from '../../../../shared/event-search.js';
import type { EventsPageQuery } from '../../../../shared/webhooks.js';
import { filterCondition, registerSqliteSearch, runSearch, type SearchFilter } from './event-search.js';

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
}

export type EventRow = Selectable<WebhookEventsTable>;
export type NewEventRow = Omit<EventRow, 'id'>;
export type EventsPage = Required<Pick<EventsPageQuery, 'limit'>> &
  EventsPageQuery & { filter?: SearchFilter };

export interface WebhooksRepo {
  /** Stores the rows in one transaction; returns their ids in the same order. */
  insertMany(rows: NewEventRow[]): Promise<number[]>;
  /** A page of the session's visible events matching `page.filter`, newest first. */
  listVisible(sessionId: string, page: EventsPage): Promise<EventRow[]>;
  /** How many visible events the session has, and how many of them match the filter. */
  countVisible(sessionId: string, filter: SearchFilter): Promise<EventsCount>;
  findVisible(sessionId: string, id: number): Promise<EventRow | null>;
  /** Marks the event deleted; false when the session has no such visible event. */
  hide(sessionId: string, id: number): Promise<boolean>;
  /** Deletes all but the newest `keep` events of the session; returns how many were deleted. */
  prune(sessionId: string, keep: number): Promise<number>;
}

/** The row stored for a capture; done once, the event sent live is built from it too. */
export function toEventRow(request: CapturedRequest): NewEventRow {
  return {
    session_id: request.sessionId,
    method: request.method,
    path: request.path,
    query_string: request.queryString,
    raw_headers: JSON.stringify(request.rawHeaders),
    body: request.body,
    size: request.size,
    truncated: request.truncated ? 1 : 0,
    content_type: request.contentType,
    ip: request.ip,
    user_agent: request.userAgent,
    created_at: request.createdAt,
    is_deleted: 0,
  };
}

/**
 * SQLite only: one cached single-row INSERT run once per row inside one synchronous transaction.
 * A Kysely multi-row insert is compiled and prepared afresh for every batch (its SQL changes with
 * the row count), which cost more than the insert itself. Returns null when it cannot be used.
 */
function sqliteInsertMany(sqlite: SQLite.Database): (rows: NewEventRow[]) => number[] | null {
  const insert = sqlite.prepare<NewEventRow>(
    `INSERT INTO webhook_events (session_id, method, path, query_string, raw_headers, body, size,
       truncated, content_type, ip, user_agent, created_at, is_deleted)
     VALUES (@session_id, @method, @path, @query_string, @raw_headers, @body, @size,
       @truncated, @content_type, @ip, @user_agent, @created_at, @is_deleted)`,
  );
  // Committed before it returns, so every caller's row is durable before it is answered.
  const insertAll = sqlite.transaction((rows: NewEventRow[]) =>
    rows.map((row) => Number(insert.run(row).lastInsertRowid)),
  );
  return (rows) =>
    // Inside a Kysely transaction still open on this connection (awaiting between statements),
    // this would become a savepoint of it and share its fate; Kysely's path waits for it instead.
    sqlite.inTransaction ? null : insertAll(rows);
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
      const ids = insertSqlite?.(newRows);
      if (ids) return ids;
      const rows = await db.insertInto('webhook_events').values(newRows).returning('id').execute();
      // One multi-row insert assigns increasing ids in the order of its VALUES list, but
      // RETURNING does not promise that order, so sort to line ids up with the input.
      return rows.map((row) => row.id).sort((a, b) => a - b);
    },
    async listVisible(sessionId, { limit, before, after, filter }) {
      // The page's ids come from the partial index of visible events alone (an index-only scan),
      // then their rows by primary key. Asked in one step, PostgreSQL walks the primary key from
      // the newest event and filters by session: quick for a busy session, but for one whose
      // events are all older than everybody else's it reads every newer row first (see
      // README, "Running at scale"). `is_deleted = 0` is a literal so SQLite, too, can match the partial index.
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
            (condition
              ? sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`
              : sql<number>`count(*)`
            ).as('matching'),
          ])
          .executeTakeFirstOrThrow();
      });
      return { matching: Number(counts.matching), total: Number(counts.total) };
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
    async prune(sessionId, keep) {
      const cutoff = await db
        .selectFrom('webhook_events')
        .select('id')
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .offset(keep - 1)
        .limit(1)
        .executeTakeFirst();
      if (!cutoff) return 0;
      const result = await db
        .deleteFrom('webhook_events')
        .where('session_id', '=', sessionId)
        .where('id', '<', cutoff.id)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
