/**
 * SQL of link histories (table short_link_changes, migration 022). Writes take the transaction of
 * the link's own write. The table's type stays here, beside the only code that reads it.
 */
import type { Generated, Kysely } from 'kysely';
import type {
  LinkChangeActor,
  LinkChangeKind,
  LinkChanges,
  LinkHistoryEntry,
} from '../../../../shared/link-history.js';
import type { DatabaseSchema } from '../../db/schema.js';

interface ShortLinkChangesTable {
  id: Generated<number>;
  link_id: string;
  /** The link's owner session. */
  session_id: string;
  /** Epoch ms. */
  changed_at: number;
  actor: LinkChangeActor;
  kind: LinkChangeKind;
  /** JSON of LinkChanges. */
  changes: string;
}

// A type alias, not an interface: Kysely's table maps need an index signature.
type HistoryTables = {
  short_link_changes: ShortLinkChangesTable;
};

/** Anything that runs queries: the database or a transaction on it. */
type Executor = Kysely<DatabaseSchema>;

export interface NewHistoryEntry {
  linkId: string;
  sessionId: string;
  /** Epoch ms. */
  at: number;
  by: LinkChangeActor;
  kind: LinkChangeKind;
  changes: LinkChanges;
}

export interface LinkHistoryRepo {
  /** Adds the entry, then drops the link's oldest entries beyond the newest `keep`. */
  append(executor: Executor, entry: NewHistoryEntry, keep: number): Promise<void>;
  /** Moves a link's entries to its new id after a rename. */
  move(executor: Executor, fromId: string, toId: string): Promise<void>;
  /** Deletes all of a link's entries. */
  removeAll(executor: Executor, linkId: string): Promise<void>;
  /** The newest `limit` entries of the session's link, newest first. */
  list(sessionId: string, linkId: string, limit: number): Promise<LinkHistoryEntry[]>;
}

function historyOf(executor: Executor): Kysely<DatabaseSchema & HistoryTables> {
  return executor.withTables<HistoryTables>();
}

export function createLinkHistoryRepo(db: Kysely<DatabaseSchema>): LinkHistoryRepo {
  return {
    async append(executor, entry, keep) {
      const history = historyOf(executor);
      await history
        .insertInto('short_link_changes')
        .values({
          link_id: entry.linkId,
          session_id: entry.sessionId,
          changed_at: entry.at,
          actor: entry.by,
          kind: entry.kind,
          changes: JSON.stringify(entry.changes),
        })
        .execute();
      const oldestKept = await history
        .selectFrom('short_link_changes')
        .select('id')
        .where('link_id', '=', entry.linkId)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(keep - 1)
        .executeTakeFirst();
      if (!oldestKept) return;
      await history
        .deleteFrom('short_link_changes')
        .where('link_id', '=', entry.linkId)
        .where('id', '<', oldestKept.id)
        .execute();
    },
    async move(executor, fromId, toId) {
      await historyOf(executor)
        .updateTable('short_link_changes')
        .set({ link_id: toId })
        .where('link_id', '=', fromId)
        .execute();
    },
    async removeAll(executor, linkId) {
      await historyOf(executor).deleteFrom('short_link_changes').where('link_id', '=', linkId).execute();
    },
    async list(sessionId, linkId, limit) {
      const rows = await historyOf(db)
        .selectFrom('short_link_changes')
        .select(['changed_at', 'actor', 'kind', 'changes'])
        .where('link_id', '=', linkId)
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        at: new Date(Number(row.changed_at)).toISOString(),
        by: row.actor,
        kind: row.kind,
        changes: JSON.parse(row.changes) as LinkChanges,
      }));
    },
  };
}
