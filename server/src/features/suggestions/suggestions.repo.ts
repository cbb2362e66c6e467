import type { Kysely, Selectable } from 'kysely';
import {
  isSuggestionCategory,
  isSuggestionStatus,
  type Suggestion,
  type SuggestionStatus,
} from '../../../../shared/suggestions.js';
import type { DatabaseSchema, SuggestionsTable } from '../../db/schema.js';

/** A suggestion as stored: the session that sent it, and its times in epoch ms. */
export type StoredSuggestion = Omit<Suggestion, 'user' | 'createdAt' | 'updatedAt'> & {
  sessionId: string;
  createdAt: number;
  updatedAt: number;
};

export type NewSuggestionRow = Omit<StoredSuggestion, 'id' | 'adminNotes' | 'updatedAt'>;

export interface SuggestionChange {
  status: SuggestionStatus;
  /** undefined leaves the notes as they are. */
  adminNotes: string | null | undefined;
  updatedAt: number;
}

export interface SuggestionsRepo {
  insert(row: NewSuggestionRow): Promise<StoredSuggestion>;
  /** The session's suggestions, newest first. */
  listBySession(sessionId: string): Promise<StoredSuggestion[]>;
  /** All suggestions, or those with one status, newest first. */
  list(status: SuggestionStatus | null): Promise<StoredSuggestion[]>;
  countByStatus(): Promise<{ status: string; count: number }[]>;
  /** null when no suggestion has that id. */
  update(id: number, change: SuggestionChange): Promise<StoredSuggestion | null>;
}

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

export function createSuggestionsRepo(db: Kysely<DatabaseSchema>): SuggestionsRepo {
  return {
    async insert(row) {
      const inserted = await db
        .insertInto('suggestions')
        .values({
          session_id: row.sessionId,
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
      return toStored(inserted);
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
