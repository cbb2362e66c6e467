/**
 * Orphan visits in storage, bounded: after each insert, rows beyond the most recent
 * ORPHAN_VISITS_KEPT and rows older than the maximum age are deleted, so a stranger opening random
 * short URLs can only replace old rows, never add to the disk.
 */
import type { Kysely } from 'kysely';
import {
  ORPHAN_ALIASES_LIMIT,
  ORPHAN_RECENT_LIMIT,
  ORPHAN_VISITS_KEPT,
  type OrphanVisits,
} from '../../../../shared/orphan-visits.js';
import type { DatabaseSchema } from '../../db/schema.js';

export interface NewOrphanVisit {
  alias: string;
  visitedAt: number;
  referer: string | null;
  userAgent: string | null;
}

export interface OrphanVisitsRepo {
  /** Stores the visit, to the session that gave up the alias since `retiredSince` if any, and trims the table. */
  insert(visit: NewOrphanVisit, retiredSince: number, keptSince: number): Promise<void>;
  /** Remembers that the session deleted or renamed away the alias. */
  retire(alias: string, sessionId: string, at: number): Promise<void>;
  /** Counts and recent visits; with a session id, only that session's. */
  read(sessionId: string | null): Promise<OrphanVisits>;
}

const iso = (at: number | string) => new Date(Number(at)).toISOString();

/** `kept`: the most recent rows kept; smaller in tests. */
export function createOrphanVisitsRepo(
  db: Kysely<DatabaseSchema>,
  kept = ORPHAN_VISITS_KEPT,
): OrphanVisitsRepo {
  async function trim(keptSince: number) {
    const newest = await db
      .selectFrom('orphan_visits')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const newestId = Number(newest?.id ?? 0);
    await db
      .deleteFrom('orphan_visits')
      .where((eb) => eb.or([eb('id', '<=', newestId - kept), eb('visited_at', '<', keptSince)]))
      .execute();
    await db.deleteFrom('retired_aliases').where('retired_at', '<', keptSince).execute();
  }

  return {
    async insert(visit, retiredSince, keptSince) {
      const retired = await db
        .selectFrom('retired_aliases')
        .select(['session_id', 'retired_at'])
        .where('alias', '=', visit.alias)
        .executeTakeFirst();
      const sessionId = retired && Number(retired.retired_at) >= retiredSince ? retired.session_id : null;
      await db
        .insertInto('orphan_visits')
        .values({
          alias: visit.alias,
          session_id: sessionId,
          visited_at: visit.visitedAt,
          referer: visit.referer,
          user_agent: visit.userAgent,
        })
        .execute();
      await trim(keptSince);
    },
    async retire(alias, sessionId, at) {
      await db
        .insertInto('retired_aliases')
        .values({ alias, session_id: sessionId, retired_at: at })
        .onConflict((oc) => oc.column('alias').doUpdateSet({ session_id: sessionId, retired_at: at }))
        .execute();
    },
    async read(sessionId) {
      const scoped = db
        .selectFrom('orphan_visits')
        .$if(sessionId !== null, (query) => query.where('session_id', '=', sessionId));
      const total = await scoped.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
      const byAlias = await scoped
        .select((eb) => ['alias', eb.fn.countAll().as('visits'), eb.fn.max('visited_at').as('last')])
        .groupBy('alias')
        .orderBy('visits', 'desc')
        .orderBy('alias')
        .limit(ORPHAN_ALIASES_LIMIT)
        .execute();
      const recent = await scoped
        .select(['alias', 'visited_at', 'referer', 'user_agent'])
        .orderBy('id', 'desc')
        .limit(ORPHAN_RECENT_LIMIT)
        .execute();
      return {
        total: Number(total?.count ?? 0),
        byAlias: byAlias.map((row) => ({
          alias: row.alias,
          visits: Number(row.visits),
          lastVisitAt: iso(row.last),
        })),
        recent: recent.map((row) => ({
          alias: row.alias,
          visitedAt: iso(row.visited_at),
          referer: row.referer,
          userAgent: row.user_agent,
        })),
      };
    },
  };
}
