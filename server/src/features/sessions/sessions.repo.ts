import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { SessionUser } from '../../../../shared/sessions.js';

type NewSession = SessionUser & { referrer: string | null; createdAt: number };

export interface SessionsRepo {
  find(sessionId: string): Promise<SessionUser | null>;
  /** Inserts the session unless it exists, and returns the stored one. */
  insertIfMissing(session: NewSession): Promise<SessionUser>;
}

export function createSessionsRepo(db: Kysely<DatabaseSchema>): SessionsRepo {
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
    async insertIfMissing(session) {
      await db
        .insertInto('sessions')
        .values({
          session_id: session.sessionId,
          user_id: session.id,
          referrer: session.referrer,
          created_at: session.createdAt,
        })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute();
      const stored = await find(session.sessionId);
      if (!stored) throw new Error(`session ${session.sessionId} vanished right after insert`);
      return stored;
    },
  };
}
