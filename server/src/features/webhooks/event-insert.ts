/**
 * Storing captured requests: the row a capture becomes, and the two ways to insert a batch of
 * them with each row linked to the one stored before it in its session (ids committed in order).
 */
import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-lock.js';
import type { CaptureResponse } from '../../../../shared/webhooks.js';
import type { EventVerdicts } from '../../../../shared/verdicts.js';
import type { EventRow } from './event-view.js';
import { storedBytesOf } from './retention.js';

/** A request as it arrived at a capture URL: what the response rules and judges look at. */
export interface ArrivedRequest {
  sessionId: string;
  method: string;
  path: string;
  queryString: string;
  rawHeaders: [string, string][];
  body: Buffer;
  truncated: boolean;
}

/** A capture as stored: the request as it arrived, and what Hookbay learnt of it. */
export interface CapturedRequest extends ArrivedRequest {
  size: number;
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
/** Where a stored row sits: its id and the id of the session's event stored just before it. */
export interface StoredPlace {
  id: number;
  previousId: number | null;
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
 * are committed in order by nature.
 */
function sqliteInsertMany(sqlite: SQLite.Database): (rows: NewEventRow[]) => Promise<StoredPlace[]> {
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
  // Committed before it resolves, so every caller's row is durable before it is answered.
  return writeTransaction(sqlite, (rows: NewEventRow[]) => {
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
}

/**
 * PostgreSQL: several instances insert at once, and a sequence hands out ids in the order they are
 * asked for, not the order they commit in: without care, id 11 of a session could become visible
 * while id 10 is still being committed elsewhere, and a client catching up "after 11" would never
 * see 10. So each batch first locks the rows of its sessions (in one order, so two batches
 * cannot deadlock), and only then takes its ids: the next batch of the same session waits for this
 * one's commit before it gets a larger id. FOR NO KEY UPDATE does not block the foreign-key checks
 * of other tables' inserts. SQLite has a single writer, so there the order comes for free.
 */
async function insertInSessionOrder(db: Kysely<DatabaseSchema>, rows: NewEventRow[]): Promise<StoredPlace[]> {
  const sessionIds = [...new Set(rows.map((row) => row.session_id))].sort();
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('sessions')
      .select('session_id')
      .where('session_id', 'in', sessionIds)
      .orderBy('session_id')
      .forNoKeyUpdate()
      .execute();
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

/** Stores a batch of rows in one transaction. */
export function createEventInserter(
  db: Kysely<DatabaseSchema>,
  sqlite: SQLite.Database | undefined,
): (rows: NewEventRow[]) => Promise<StoredPlace[]> {
  return sqlite ? sqliteInsertMany(sqlite) : (rows) => insertInSessionOrder(db, rows);
}
