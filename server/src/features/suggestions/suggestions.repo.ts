import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  isSuggestionCategory,
  isSuggestionStatus,
  type SuggestionCategory,
  type SuggestionStatus,
} from '../../../../shared/suggestions.js';
import type { DialectName } from '../../db/connection.js';
import type { DatabaseSchema, SuggestionsTable } from '../../db/schema.js';

export interface StoredSuggestion {
  id: number;
  sessionId: string;
  title: string;
  description: string;
  category: SuggestionCategory;
  email: string | null;
  status: SuggestionStatus;
  adminNotes: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewSuggestionRow = Omit<StoredSuggestion, 'id' | 'adminNotes' | 'updatedAt'> & {
  ip: string | null;
};

/** Rows a sender may have stored since `since` before the next insert is refused. */
export interface SendLimit {
  since: number;
  limit: number;
}

/** The stored suggestion or, at the limit, the creation time of the row whose expiry frees a slot. */
export type InsertOutcome = { suggestion: StoredSuggestion } | { blockingCreatedAt: number };

export interface SuggestionChange {
  status: SuggestionStatus;
  /** undefined leaves the notes as they are. */
  adminNotes: string | null | undefined;
  updatedAt: number;
}

export interface SuggestionsRepo {
  /** Counts the sender's recent rows and inserts in one transaction, so parallel sends cannot slip past the limit. */
  insertWithinLimit(row: NewSuggestionRow, limit: SendLimit): Promise<InsertOutcome>;
  /** The session's suggestions, newest first. */
  listBySession(sessionId: string): Promise<StoredSuggestion[]>;
  /** All suggestions, or those with one status, newest first. */
  list(status: SuggestionStatus | null): Promise<StoredSuggestion[]>;
  countByStatus(): Promise<{ status: string; count: number }[]>;
  /** null when no suggestion has that id. */
  update(id: number, change: SuggestionChange): Promise<StoredSuggestion | null>;
}

// Any fixed 64-bit number works: it only has to be the same in every instance.
const INSERT_LOCK_KEY = 4_862_771_203;

function toStored(row: Selectable<SuggestionsTable>): StoredSuggestion {
  // Only this repo writes these columns, from the shared lists; anything else is a corrupt row.
  if (!isSuggestionCategory(row.category) || !isSuggestionStatus(row.status)) {
    throw new Error(`suggestion ${row.id} has an unknown category or status`);
  }
  return {
    id: row.id,
    sessionId: row.session_id,
    title: row.title,
    description: row.description,
    category: row.category,
    email: row.email,
    status: row.status,
    adminNotes: row.admin_notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The limit-th newest row of the sender since `since`, or null when the sender has fewer: while it
 * is in the window the sender is at the limit, and a slot frees when it leaves.
 */
async function blockingCreatedAt(
  trx: Transaction<DatabaseSchema>,
  column: 'session_id' | 'ip',
  value: string,
  { since, limit }: SendLimit,
): Promise<number | null> {
  const row = await trx
    .selectFrom('suggestions')
    .select('created_at')
    .where(column, '=', value)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  return row ? row.created_at : null;
}

export function createSuggestionsRepo(db: Kysely<DatabaseSchema>, dialect: DialectName): SuggestionsRepo {
  return {
    async insertWithinLimit(row, limit) {
      return db.transaction().execute(async (trx): Promise<InsertOutcome> => {
        // SQLite runs one transaction at a time on its single connection; PostgreSQL needs a lock
        // so two instances (or two pool connections) do not both see room for one more.
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${INSERT_LOCK_KEY})`.execute(trx);
        const blocking = Math.max(
          (await blockingCreatedAt(trx, 'session_id', row.sessionId, limit)) ?? -1,
          row.ip ? ((await blockingCreatedAt(trx, 'ip', row.ip, limit)) ?? -1) : -1,
        );
        if (blocking >= 0) return { blockingCreatedAt: blocking };
        const inserted = await trx
          .insertInto('suggestions')
          .values({
            session_id: row.sessionId,
            ip: row.ip,
            title: row.title,
            description: row.description,
            category: row.category,
            email: row.email,
            status: row.status,
            admin_notes: null,
            created_at: row.createdAt,
            updated_at: row.createdAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { suggestion: toStored(inserted) };
      });
    },
    async listBySession(sessionId) {
      const rows = await db
        .selectFrom('suggestions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toStored);
    },
    async list(status) {
      let query = db.selectFrom('suggestions').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toStored);
    },
    async countByStatus() {
      const rows = await db
        .selectFrom('suggestions')
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },
    async update(id, change) {
      const row = await db
        .updateTable('suggestions')
        .set({
          status: change.status,
          updated_at: change.updatedAt,
          ...(change.adminNotes === undefined ? {} : { admin_notes: change.adminNotes }),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toStored(row) : null;
    },
  };
}
