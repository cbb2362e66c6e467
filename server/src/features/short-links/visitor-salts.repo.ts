import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

export interface VisitorSaltsRepo {
  /**
   * The salt of `day`, storing `candidate` first unless another instance already stored one: every
   * instance that asks ends up with the salt stored first.
   */
  claim(day: string, candidate: string, now: number): Promise<string>;
  /** Deletes the salts of `lastDay` and every day before it; returns how many. */
  deleteUpTo(lastDay: string): Promise<number>;
}

export function createVisitorSaltsRepo(db: Kysely<DatabaseSchema>): VisitorSaltsRepo {
  return {
    async claim(day, candidate, now) {
      await db
        .insertInto('short_link_visitor_salts')
        .values({ day, salt: candidate, created_at: now })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('short_link_visitor_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },
    async deleteUpTo(lastDay) {
      const result = await db
        .deleteFrom('short_link_visitor_salts')
        .where('day', '<=', lastDay)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
