import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

export interface NamesRepo {
  /** The session holding `name`, or null. */
  sessionOfName(name: string): Promise<string | null>;
  /** The session's name; null when it has none, undefined when there is no such session. */
  nameOf(sessionId: string): Promise<string | null | undefined>;
  /**
   * Gives the session `name` (null: none); 'taken' when another session holds it, 'missing' when
   * there is no such session. The unique index decides between two sessions claiming at once.
   */
  setName(sessionId: string, name: string | null): Promise<'ok' | 'taken' | 'missing'>;
}

function isNameTaken(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const isUnique = error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
  return isUnique && /name/.test(error.message);
}

export function createNamesRepo(db: Kysely<DatabaseSchema>): NamesRepo {
  return {
    async sessionOfName(name) {
      const row = await db
        .selectFrom('sessions')
        .select('session_id')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.session_id ?? null;
    },
    async nameOf(sessionId) {
      const row = await db
        .selectFrom('sessions')
        .select('name')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row ? row.name : undefined;
    },
    async setName(sessionId, name) {
      try {
        const result = await db
          .updateTable('sessions')
          .set({ name })
          .where('session_id', '=', sessionId)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 0 ? 'missing' : 'ok';
      } catch (error) {
        if (isNameTaken(error)) return 'taken';
        throw error;
      }
    },
  };
}
