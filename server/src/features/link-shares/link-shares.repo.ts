import type { Kysely, Selectable } from 'kysely';
import type { SessionUser } from '../../../../shared/sessions.js';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema, LinkSharesTable } from '../../db/schema.js';

export type LinkShareRow = Selectable<LinkSharesTable>;

export interface LinkSharesRepo {
  /** Stores the share unless the session already holds `limit` working ones (counted in the same transaction). */
  insert(row: LinkShareRow, limit: number, now: number): Promise<'inserted' | 'full'>;
  /** The session's shares, newest first, optionally of one link or one tag. */
  list(sessionId: string, of: { linkId?: string; tag?: string }): Promise<LinkShareRow[]>;
  /** Marks the session's share revoked (once); false when the session has no share with that id. */
  revoke(sessionId: string, id: string, now: number): Promise<boolean>;
  /** The share a token's hash names, with the session that made it. */
  findByHash(tokenHash: string): Promise<{ row: LinkShareRow; user: SessionUser } | null>;
  /** Records a use, unless another request recorded one after `staleBefore`. */
  touch(id: string, now: number, staleBefore: number): Promise<void>;
}

export function createLinkSharesRepo(db: Kysely<DatabaseSchema>): LinkSharesRepo {
  const isPostgres = sqliteHandleOf(db) === undefined;

  return {
    async insert(row, limit, now) {
      return db.transaction().execute(async (trx) => {
        // As for the inspector's shares: on PostgreSQL the session's row keeps two creates from
        // both counting one below the limit; SQLite runs one transaction at a time.
        if (isPostgres)
          await trx
            .selectFrom('sessions')
            .select('session_id')
            .where('session_id', '=', row.session_id)
            .forUpdate()
            .execute();
        const { count } = await trx
          .selectFrom('link_shares')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('session_id', '=', row.session_id)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full';
        await trx.insertInto('link_shares').values(row).execute();
        return 'inserted';
      });
    },
    async list(sessionId, of) {
      let query = db.selectFrom('link_shares').selectAll().where('session_id', '=', sessionId);
      if (of.linkId !== undefined) query = query.where('link_id', '=', of.linkId);
      if (of.tag !== undefined) query = query.where('tag', '=', of.tag);
      return query.orderBy('created_at', 'desc').orderBy('id').execute();
    },
    async revoke(sessionId, id, now) {
      const row = await db
        .selectFrom('link_shares')
        .select('revoked_at')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (row.revoked_at === null)
        await db.updateTable('link_shares').set({ revoked_at: now }).where('id', '=', id).execute();
      return true;
    },
    async findByHash(tokenHash) {
      const found = await db
        .selectFrom('link_shares')
        .innerJoin('sessions', 'sessions.session_id', 'link_shares.session_id')
        .selectAll('link_shares')
        .select('sessions.user_id')
        .where('link_shares.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!found) return null;
      const { user_id, ...row } = found;
      return { row, user: { id: user_id, sessionId: row.session_id } };
    },
    async touch(id, now, staleBefore) {
      await db
        .updateTable('link_shares')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
        .execute();
    },
  };
}
