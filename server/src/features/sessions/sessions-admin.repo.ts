/**
 * SQL for the admin Sessions tab: which sessions hold the most bytes or captured the most lately,
 * and the suspension of a session's webhook URL. The usage figures come from the indexes of
 * migration 013 alone, never from the rows, whose bodies may be megabytes each.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { deleteSessionEvents, storedBytesSql, storedBytesTotal } from '../webhooks/retention.js';

/** A session's stored requests; times are epoch ms. */
export interface UsageRow {
  sessionId: string;
  requests: number;
  bytes: number;
  recentRequests: number;
  lastCaptureAt: number | null;
}

export interface SuspensionRow {
  sessionId: string;
  suspendedAt: number;
}

export interface SessionsAdminRepo {
  /** The `limit` sessions holding the most bytes, largest first. */
  largest(recentSince: number, limit: number): Promise<UsageRow[]>;
  /** The `limit` sessions with the most requests captured since `recentSince`, most first. */
  busiest(recentSince: number, limit: number): Promise<UsageRow[]>;
  /** The usage of these sessions; sessions without stored requests are left out. */
  usageOf(sessionIds: string[], recentSince: number): Promise<UsageRow[]>;
  /** The most recently suspended sessions first. */
  suspended(limit: number): Promise<SuspensionRow[]>;
  /** The suspension times of those of these sessions that are suspended. */
  suspensionsOf(sessionIds: string[]): Promise<Map<string, number>>;
  /** When the session was suspended (null: it is not); undefined when there is no such session. */
  suspendedAt(sessionId: string): Promise<number | null | undefined>;
  /**
   * Suspends the session as of `at` (kept when it already is suspended) or lifts it (null);
   * false when there is no such session.
   */
  setSuspendedAt(sessionId: string, at: number | null): Promise<boolean>;
  /** Deletes every stored request of the session; returns how many. */
  deleteEvents(sessionId: string): Promise<number>;
  /** Bytes of every session's stored requests together. */
  storedBytes(): Promise<number>;
}

/** Database numbers may arrive as strings (PostgreSQL's sums and counts are numeric/bigint). */
function toUsage(row: {
  session_id: string;
  requests: number | string;
  bytes: number | string | null;
  recent_requests: number | string | null;
  last_capture_at: number | string | null;
}): UsageRow {
  return {
    sessionId: row.session_id,
    requests: Number(row.requests),
    bytes: Number(row.bytes ?? 0),
    recentRequests: Number(row.recent_requests ?? 0),
    lastCaptureAt: row.last_capture_at === null ? null : Number(row.last_capture_at),
  };
}

export function createSessionsAdminRepo(db: Kysely<DatabaseSchema>): SessionsAdminRepo {
  /** Per-session figures over the index of (session_id, id, stored_bytes, created_at). */
  function usage(recentSince: number) {
    return db
      .selectFrom('webhook_events as event')
      .select((eb) => [
        'event.session_id',
        eb.fn.countAll<number | string>().as('requests'),
        sql<number | string | null>`sum(${storedBytesSql(db, 'event')})`.as('bytes'),
        sql<number | string | null>`sum(case when event.created_at >= ${recentSince} then 1 else 0 end)`.as(
          'recent_requests',
        ),
        eb.fn.max<number | string | null>('event.created_at').as('last_capture_at'),
      ])
      .groupBy('event.session_id');
  }

  async function usageOf(sessionIds: string[], recentSince: number): Promise<UsageRow[]> {
    if (sessionIds.length === 0) return [];
    const rows = await usage(recentSince).where('event.session_id', 'in', sessionIds).execute();
    return rows.map(toUsage);
  }

  return {
    async largest(recentSince, limit) {
      const rows = await usage(recentSince).orderBy('bytes', 'desc').limit(limit).execute();
      return rows.map(toUsage);
    },
    async busiest(recentSince, limit) {
      // Over the index of (created_at, session_id): only the window's entries are read.
      const recent = await db
        .selectFrom('webhook_events')
        .select((eb) => ['session_id', eb.fn.countAll<number | string>().as('captured')])
        .where('created_at', '>=', recentSince)
        .groupBy('session_id')
        .orderBy('captured', 'desc')
        .limit(limit)
        .execute();
      const usageRows = await usageOf(
        recent.map((row) => row.session_id),
        recentSince,
      );
      return usageRows.sort((a, b) => b.recentRequests - a.recentRequests || b.bytes - a.bytes);
    },
    usageOf,
    async suspended(limit) {
      const rows = await db
        .selectFrom('sessions')
        .select(['session_id', 'suspended_at'])
        .where('suspended_at', 'is not', null)
        .orderBy('suspended_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ sessionId: row.session_id, suspendedAt: Number(row.suspended_at) }));
    },
    async suspensionsOf(sessionIds) {
      if (sessionIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('sessions')
        .select(['session_id', 'suspended_at'])
        .where('session_id', 'in', sessionIds)
        .where('suspended_at', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [row.session_id, Number(row.suspended_at)]));
    },
    async suspendedAt(sessionId) {
      const row = await db
        .selectFrom('sessions')
        .select('suspended_at')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return undefined;
      return row.suspended_at === null ? null : Number(row.suspended_at);
    },
    async setSuspendedAt(sessionId, at) {
      const result = await db
        .updateTable('sessions')
        .set({ suspended_at: at === null ? null : sql<number>`coalesce(suspended_at, ${at})` })
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    deleteEvents: (sessionId) => deleteSessionEvents(db, sessionId),
    storedBytes: () => storedBytesTotal(db),
  };
}
