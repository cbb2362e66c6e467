/**
 * The queries a wait needs beyond the event stream's: the newest visible event of a session (where
 * live matching takes over) and the matching events between two ids, oldest first.
 */
import { sql, type Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { filterCondition, runSearch, type SearchFilter } from '../webhooks/event-search.js';
import type { EventRow } from '../webhooks/event-view.js';

export interface WaitsRepo {
  /** Id of the session's newest visible event; 0 when it has none. */
  newestVisibleId(sessionId: string): Promise<number>;
  /** Up to `limit` visible events with `after` < id <= `upTo` matching the filter, oldest first. */
  listMatching(
    sessionId: string,
    range: { after: number; upTo: number; limit: number },
    filter: SearchFilter,
  ): Promise<EventRow[]>;
}

export function createWaitsRepo(db: Kysely<DatabaseSchema>): WaitsRepo {
  const isSqlite = sqliteHandleOf(db) !== undefined;
  return {
    async newestVisibleId(sessionId) {
      const row = await db
        .selectFrom('webhook_events')
        .select('id')
        .where('session_id', '=', sessionId)
        .where(sql<boolean>`is_deleted = 0`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? 0;
    },
    async listMatching(sessionId, { after, upTo, limit }, filter) {
      return runSearch(isSqlite, (engine) => {
        const condition = filterCondition(filter, engine);
        // As in the event list's search: the session as a range and in the order, so that only
        // the session's own index gives that order and PostgreSQL does not walk every session.
        let ids = db
          .selectFrom('webhook_events')
          .select('id')
          .where('session_id', '>=', sessionId)
          .where('session_id', '<=', sessionId)
          .where(sql<boolean>`is_deleted = 0`)
          .where('id', '>', after)
          .where('id', '<=', upTo);
        if (condition) ids = ids.where(condition);
        return db
          .selectFrom('webhook_events')
          .selectAll()
          .where('id', 'in', ids.orderBy('session_id', 'asc').orderBy('id', 'asc').limit(limit))
          .orderBy('id', 'asc')
          .execute();
      });
    },
  };
}
