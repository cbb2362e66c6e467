import type { Kysely, Selectable } from 'kysely';
import type { SessionUser } from '../../../../shared/sessions.js';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema, ShareLinksTable } from '../../db/schema.js';

export type ShareRow = Selectable<ShareLinksTable>;

/** A link found by its token's hash, with the session it shows. */
export interface ShareOwner {
  row: ShareRow;
  user: SessionUser;
}

export interface SharesRepo {
  /** Stores the link unless the session already holds `limit` live links (counted in the same transaction). */
  insert(row: ShareRow, limit: number, now: number): Promise<'inserted' | 'full'>;
  /** The session's links, newest first. */
  list(sessionId: string): Promise<ShareRow[]>;
  /** Marks the session's link revoked (once); false when the session has no link with that id. */
  revoke(sessionId: string, id: string, now: number): Promise<boolean>;
  findByHash(tokenHash: string): Promise<ShareOwner | null>;
  /** Records a use, unless another request recorded one after `staleBefore`. */
  touch(id: string, now: number, staleBefore: number): Promise<void>;
}

export function createSharesRepo(db: Kysely<DatabaseSchema>): SharesRepo {
  const isPostgres = sqliteHandleOf(db) === undefined;

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
          .selectFrom('share_links')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('session_id', '=', row.session_id)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full';
        await trx.insertInto('share_links').values(row).execute();
        return 'inserted';
      });
    },
    async list(sessionId) {
      return db
        .selectFrom('share_links')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    async revoke(sessionId, id, now) {
      const row = await db
        .selectFrom('share_links')
        .select('revoked_at')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (row.revoked_at === null)
        await db.updateTable('share_links').set({ revoked_at: now }).where('id', '=', id).execute();
      return true;
    },
    async findByHash(tokenHash) {
      const found = await db
        .selectFrom('share_links')
        .innerJoin('sessions', 'sessions.session_id', 'share_links.session_id')
        .selectAll('share_links')
        .select('sessions.user_id')
        .where('share_links.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!found) return null;
      const { user_id, ...row } = found;
      return { row, user: { id: user_id, sessionId: row.session_id } };
    },
    async touch(id, now, staleBefore) {
      await db
        .updateTable('share_links')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
        .execute();
    },
  };
}
