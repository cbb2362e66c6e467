/**
 * How much captured requests weigh, and the deletes that keep them within the limits: per session
 * (newest kept, by count and by bytes) and by age across every session. Deletes go in small
 * batches with a turn of the event loop between them, so that a large removal (a limit lowered, an
 * instance upgraded) never holds SQLite's single writer, or a PostgreSQL transaction, for long.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';

/** What one request keeps on disk: its body bytes and the bytes of its stored header text. */
export function storedBytesOf(rawHeadersText: string, body: Buffer): number {
  return Buffer.byteLength(rawHeadersText) + body.length;
}

/** How many requests a session may keep, and how many bytes of them; the newest always stays. */
export interface SessionLimits {
  keep: number;
  maxBytes: number;
}

/**
 * The stored bytes of the webhook_events row aliased `alias`. Rows stored before the column existed
 * hold NULL and are measured from the row itself; both dialects read a value's length without
 * reading a large body, and `coalesce` skips the lookup for every other row.
 */
export function storedBytesSql(db: Kysely<DatabaseSchema>, alias: string): RawBuilder<number> {
  const row = sql.ref(alias);
  const measured =
    sqliteHandleOf(db) === undefined
      ? sql`octet_length(measured.body) + octet_length(measured.raw_headers)`
      : sql`length(measured.body) + length(cast(measured.raw_headers as blob))`;
  return sql<number>`coalesce(${row}.stored_bytes,
    (select ${measured} from webhook_events as measured where measured.id = ${row}.id))`;
}

/** What a removal freed: requests and their stored bytes. */
export interface Freed {
  requests: number;
  bytes: number;
}

/**
 * The id of the newest request of the session that no longer fits: past the `keep` newest, or
 * past `maxBytes` counted from the newest, and the bytes of it and every older one. Never the
 * newest itself. Null when everything fits.
 *
 * Two reads with a turn of the event loop between them, each bounded: the ranking looks at the
 * `keep + 1` newest requests only (the one past them, when there is one, no longer fits, so the
 * newest request that does not fit is among them), and the bytes are summed below the cutoff.
 * Ranking every request at once held the event loop for 50–100 ms on a session a flood had
 * left at 60,000 requests.
 */
async function firstExpendable(
  db: Kysely<DatabaseSchema>,
  sessionId: string,
  limits: SessionLimits,
): Promise<{ id: number; bytes: number } | null> {
  // Both read only the index webhook_events_session_sizes, but for rows stored without their size.
  const ranked = await sql<{ id: number | null }>`
    select max(id) as id from (
      select newest.id,
        row_number() over (order by newest.id desc) as place,
        sum(newest.bytes) over (order by newest.id desc rows unbounded preceding) as kept_bytes
      from (
        select event.id, ${storedBytesSql(db, 'event')} as bytes
        from webhook_events as event
        where event.session_id = ${sessionId}
        order by event.id desc
        limit ${limits.keep + 1}
      ) as newest
    ) as ranked
    where place > 1 and (place > ${limits.keep} or kept_bytes > ${limits.maxBytes})`.execute(db);
  const id = ranked.rows[0]?.id ?? null;
  if (id === null) return null;
  await nextTurn();
  const freed = await db
    .selectFrom('webhook_events as event')
    .select(sql<number | string | null>`sum(${storedBytesSql(db, 'event')})`.as('bytes'))
    .where('event.session_id', '=', sessionId)
    .where('event.id', '<=', Number(id))
    .executeTakeFirst();
  return { id: Number(id), bytes: Number(freed?.bytes ?? 0) };
}

/**
 * Deletes the oldest requests of the session until it holds at most `limits.keep` requests and
 * `limits.maxBytes` bytes, always keeping its newest one; returns what it deleted (the bytes as
 * measured just before). Two instances pruning one session at once is harmless: both delete below
 * the same cutoff, or the later one a newer cutoff, which is the right one.
 */
export async function pruneSession(
  db: Kysely<DatabaseSchema>,
  sessionId: string,
  limits: SessionLimits,
): Promise<Freed> {
  const cutoff = await firstExpendable(db, sessionId, limits);
  if (cutoff === null) return { requests: 0, bytes: 0 };
  const requests = await deleteInBatches(db, 'webhook_events', (ids) =>
    ids.where('session_id', '=', sessionId).where('id', '<=', cutoff.id).orderBy('id'),
  );
  return { requests, bytes: requests === 0 ? 0 : cutoff.bytes };
}

/** A session and the bytes of requests it keeps. */
export interface SessionSize {
  sessionId: string;
  bytes: number;
}

/** The bytes of every captured request kept; reads the index webhook_events_session_sizes once. */
export async function storedBytesTotal(db: Kysely<DatabaseSchema>): Promise<number> {
  const row = await db
    .selectFrom('webhook_events as event')
    .select(sql<number | string | null>`sum(${storedBytesSql(db, 'event')})`.as('bytes'))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The `limit` sessions holding the most bytes, largest first; reads the same index once. */
export async function largestSessions(db: Kysely<DatabaseSchema>, limit: number): Promise<SessionSize[]> {
  const rows = await db
    .selectFrom('webhook_events as event')
    .select(['event.session_id', sql<number | string>`sum(${storedBytesSql(db, 'event')})`.as('bytes')])
    .groupBy('event.session_id')
    .orderBy('bytes', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ sessionId: row.session_id, bytes: Number(row.bytes) }));
}

/**
 * The sessions holding more than the limits allow, e.g. after the limits were lowered. Reads the
 * whole index webhook_events_session_sizes once, so it is for a start, not for every run.
 */
export async function sessionsOverLimits(
  db: Kysely<DatabaseSchema>,
  limits: SessionLimits,
): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_events as event')
    .select('event.session_id')
    .groupBy('event.session_id')
    .having((eb) =>
      eb.or([
        eb(eb.fn.countAll(), '>', limits.keep),
        eb(sql`sum(${storedBytesSql(db, 'event')})`, '>', limits.maxBytes),
      ]),
    )
    .execute();
  return rows.map((row) => row.session_id);
}

/** Deletes every request captured before `before` (epoch ms), in every session; returns how many. */
export function deleteCapturedBefore(db: Kysely<DatabaseSchema>, before: number): Promise<number> {
  return deleteInBatches(db, 'webhook_events', (ids) =>
    ids.where('created_at', '<', before).orderBy('created_at'),
  );
}

/** Deletes every request of the session, hidden ones too; returns how many. */
export function deleteSessionEvents(db: Kysely<DatabaseSchema>, sessionId: string): Promise<number> {
  return deleteInBatches(db, 'webhook_events', (ids) =>
    ids.where('session_id', '=', sessionId).orderBy('id'),
  );
}
