import { sql, type Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { SessionUser } from '../../../../shared/sessions.js';

type NewSession = SessionUser & { referrer: string | null; createdAt: number; ip?: string | null };

/** At most `limit` sessions created from one address after `since`. */
interface CreateLimit {
  since: number;
  limit: number;
}

/** The stored session or, when the address is at its limit, the creation time of the row whose expiry frees a slot. */
type CreateOutcome = { session: SessionUser } | { blockingCreatedAt: number };

export interface SessionsRepo {
  find(sessionId: string): Promise<SessionUser | null>;
  /**
   * Inserts the session unless it exists and returns the stored one. With a limit and an address,
   * first counts the sessions that address created, in the same transaction, so parallel creates
   * cannot slip past the limit.
   */
  insertIfMissing(session: NewSession, limit?: CreateLimit): Promise<CreateOutcome>;
}

// Any fixed 32-bit number: the lock is (this, hash of the address), the same in every instance.
const CREATE_LOCK_CLASS = 486_277_120;

export function createSessionsRepo(db: Kysely<DatabaseSchema>): SessionsRepo {
  const isPostgres = sqliteHandleOf(db) === undefined;

  async function find(sessionId: string): Promise<SessionUser | null> {
    const row = await db
      .selectFrom('sessions')
      .select(['session_id', 'user_id'])
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row ? { id: row.user_id, sessionId: row.session_id } : null;
  }

  return {
    find,
    async insertIfMissing(session, limit) {
      const ip = session.ip ?? null;
      const outcome = await db.transaction().execute(async (trx): Promise<CreateOutcome | null> => {
        if (ip && limit) {
          // SQLite runs one transaction at a time; PostgreSQL needs the lock across instances.
          if (isPostgres)
            await sql`select pg_advisory_xact_lock(${CREATE_LOCK_CLASS}, hashtext(${ip}))`.execute(trx);
          // The limit-th newest session of the address in the window: while it is there, the
          // address is at its limit, and a slot frees when it leaves the window.
          const blocking = await trx
            .selectFrom('sessions')
            .select('created_at')
            .where('ip', '=', ip)
            .where('created_at', '>', limit.since)
            .orderBy('created_at', 'desc')
            .limit(1)
            .offset(limit.limit - 1)
            .executeTakeFirst();
          if (blocking) return { blockingCreatedAt: blocking.created_at };
        }
        await trx
          .insertInto('sessions')
          .values({
            session_id: session.sessionId,
            user_id: session.id,
            referrer: session.referrer,
            created_at: session.createdAt,
            ip,
          })
          .onConflict((conflict) => conflict.column('session_id').doNothing())
          .execute();
        // Addresses are kept only as long as they count toward the limit.
        if (limit)
          await trx
            .updateTable('sessions')
            .set({ ip: null })
            .where('ip', 'is not', null)
            .where('created_at', '<=', limit.since)
            .execute();
        return null;
      });
      if (outcome) return outcome;
      const stored = await find(session.sessionId);
      if (!stored) throw new Error(`session ${session.sessionId} vanished right after insert`);
      return { session: stored };
    },
  };
}
