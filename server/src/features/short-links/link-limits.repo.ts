/**
 * The rows the short-link rate limits count: link creations (per session and per IP address) and
 * wrong passwords (per link and IP address). Kept apart from the links, so that deleting a link
 * gives no tries back, and counted in the database, so that the limits hold across instances.
 */
import { sql, type Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';

/** Rows counted by a rate limit within a window. */
export interface WindowCount {
  count: number;
  /** Epoch ms of the oldest row in the window; null when there is none. */
  oldest: number | null;
}

/** One rate-limit window: rows newer than `since` must stay below `limit`. */
export interface RateWindow {
  since: number;
  limit: number;
}

export interface LinkLimitsRepo {
  /**
   * Logs one creation unless the session or the IP already reached a window's limit; in one
   * transaction (and on PostgreSQL under a lock), so parallel creates on any instance cannot slip
   * past. Returns the window's oldest time when refused, else null.
   */
  logCreationWithinLimits(
    entry: { sessionId: string; ip: string | null; at: number },
    windows: RateWindow[],
  ): Promise<{ refusedWindow: RateWindow; oldest: number } | null>;
  /** Wrong passwords entered for the link from the IP since `since`. */
  countPasswordFailures(urlId: string, ip: string, since: number): Promise<WindowCount>;
  /** Logs a wrong password, dropping every link's failures older than `forgetBefore`. */
  addPasswordFailure(urlId: string, ip: string, at: number, forgetBefore: number): Promise<void>;
}

/** Any constant: the key of the advisory lock that serialises creation logging on PostgreSQL. */
const CREATION_LOCK_KEY = 7_310_010;

export function createLinkLimitsRepo(db: Kysely<DatabaseSchema>): LinkLimitsRepo {
  // SQLite runs one transaction at a time on its single connection; PostgreSQL needs the lock.
  const postgres = sqliteHandleOf(db) === undefined;

  async function countCreations(
    column: 'session_id' | 'ip',
    value: string,
    since: number,
    trx: Kysely<DatabaseSchema>,
  ): Promise<WindowCount> {
    const row = await trx
      .selectFrom('short_link_creations')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }

  return {
    async logCreationWithinLimits(entry, windows) {
      return db.transaction().execute(async (trx) => {
        if (postgres) await sql`select pg_advisory_xact_lock(${CREATION_LOCK_KEY})`.execute(trx);
        for (const window of windows) {
          for (const [column, value] of [
            ['session_id', entry.sessionId],
            ['ip', entry.ip],
          ] as const) {
            if (value === null) continue;
            const counted = await countCreations(column, value, window.since, trx);
            if (counted.count >= window.limit && counted.oldest !== null)
              return { refusedWindow: window, oldest: counted.oldest };
          }
        }
        const longest = Math.min(...windows.map((window) => window.since));
        // Rows older than every window are of no use any more.
        await trx.deleteFrom('short_link_creations').where('created_at', '<=', longest).execute();
        await trx
          .insertInto('short_link_creations')
          .values({ session_id: entry.sessionId, ip: entry.ip, created_at: entry.at })
          .execute();
        return null;
      });
    },
    async countPasswordFailures(urlId, ip, since) {
      const row = await db
        .selectFrom('short_link_password_failures')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('url_id', '=', urlId)
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
    },
    async addPasswordFailure(urlId, ip, at, forgetBefore) {
      await db.deleteFrom('short_link_password_failures').where('created_at', '<', forgetBefore).execute();
      await db
        .insertInto('short_link_password_failures')
        .values({ url_id: urlId, ip, created_at: at })
        .execute();
    },
  };
}
