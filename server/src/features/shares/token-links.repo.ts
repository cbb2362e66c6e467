import type { Kysely, Selectable } from 'kysely';
import type { SessionUser } from '../../../../shared/sessions.js';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';

/** The tables of links a token opens: the inspector's shares and the short links' shares. */
type TokenLinkTable = 'share_links' | 'link_shares';

/** The columns both token link tables have; the queries below read and write no others. */
interface TokenLinkColumns {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The schema as these queries see it: either token link table, and the sessions they belong to. */
type TokenLinkSchema = Pick<DatabaseSchema, 'sessions'> & Record<TokenLinkTable, TokenLinkColumns>;

/** What a token link's life needs, whichever table holds it. */
export interface TokenLinkStore<Row> {
  /** Stores the link unless the session already holds `limit` working ones (counted in the same transaction). */
  insert(row: Row, limit: number, now: number): Promise<'inserted' | 'full'>;
  /** Marks the session's link revoked (once); false when the session has no link with that id. */
  revoke(sessionId: string, id: string, now: number): Promise<boolean>;
  /** The link a token's hash names, with the session that made it. */
  findByHash(tokenHash: string): Promise<{ row: Row; user: SessionUser } | null>;
  /** Records a use, unless another request recorded one after `staleBefore`. */
  touch(id: string, now: number, staleBefore: number): Promise<void>;
}

export function createTokenLinkStore<T extends TokenLinkTable>(
  db: Kysely<DatabaseSchema>,
  table: T,
): TokenLinkStore<Selectable<DatabaseSchema[T]>> {
  // The one narrowing: the queries name only TokenLinkColumns, and a row goes in and comes back
  // whole (insert writes every key it is given, selectAll reads every column), so the table's
  // full row type holds on both sides.
  const store = storeOn(db as unknown as Kysely<TokenLinkSchema>, table, sqliteHandleOf(db) === undefined);
  return store as TokenLinkStore<Selectable<DatabaseSchema[T]>>;
}

function storeOn(
  db: Kysely<TokenLinkSchema>,
  table: TokenLinkTable,
  isPostgres: boolean,
): TokenLinkStore<TokenLinkColumns> {
  const tokenLinks = `${table} as token_links` as const;
  return {
    async insert(row, limit, now) {
      return db.transaction().execute(async (trx) => {
        // SQLite runs one transaction at a time; on PostgreSQL the session's row is the lock that
        // keeps two creates from both counting one below the limit.
        if (isPostgres)
          await trx
            .selectFrom('sessions')
            .select('session_id')
            .where('session_id', '=', row.session_id)
            .forUpdate()
            .execute();
        const { count } = await trx
          .selectFrom(tokenLinks)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('session_id', '=', row.session_id)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full';
        await trx.insertInto(table).values(row).execute();
        return 'inserted';
      });
    },
    async revoke(sessionId, id, now) {
      const row = await db
        .selectFrom(tokenLinks)
        .select('revoked_at')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (row.revoked_at === null)
        await db.updateTable(tokenLinks).set({ revoked_at: now }).where('id', '=', id).execute();
      return true;
    },
    async findByHash(tokenHash) {
      const found = await db
        .selectFrom(tokenLinks)
        .innerJoin('sessions', 'sessions.session_id', 'token_links.session_id')
        .selectAll('token_links')
        .select('sessions.user_id')
        .where('token_links.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!found) return null;
      const { user_id, ...row } = found;
      return { row, user: { id: user_id, sessionId: row.session_id } };
    },
    async touch(id, now, staleBefore) {
      await db
        .updateTable(tokenLinks)
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
        .execute();
    },
  };
}
