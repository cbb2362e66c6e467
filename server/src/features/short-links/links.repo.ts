import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, ShortLinksTable } from '../../db/schema.js';

export interface StoredLink {
  id: string;
  ownerSessionId: string;
  url: string;
  /** People's clicks. */
  clicks: number;
  createdAt: number;
}

/** What the redirect needs: where to send the visitor and whom to tell. */
export interface LinkTarget {
  id: string;
  url: string;
  ownerSessionId: string;
  ownerUserId: string;
}

export interface LinksRepo {
  /** Stores the link unless its id is taken; false on a collision. */
  insertIfFree(link: Omit<StoredLink, 'clicks'>): Promise<boolean>;
  /** The session's links, newest first. */
  listOwned(sessionId: string): Promise<StoredLink[]>;
  findOwned(sessionId: string, id: string): Promise<StoredLink | null>;
  /** Changes the destination; null when the session has no such link. */
  updateUrl(sessionId: string, id: string, url: string): Promise<StoredLink | null>;
  /** Deletes the link and its clicks; false when the session has no such link. */
  delete(sessionId: string, id: string): Promise<boolean>;
  findTarget(id: string): Promise<LinkTarget | null>;
}

function toStoredLink(row: Selectable<ShortLinksTable>): StoredLink {
  return {
    id: row.id,
    ownerSessionId: row.owner_session_id,
    url: row.url,
    clicks: row.clicks,
    createdAt: row.created_at,
  };
}

export function createLinksRepo(db: Kysely<DatabaseSchema>): LinksRepo {
  return {
    async insertIfFree(link) {
      const inserted = await db
        .insertInto('short_links')
        .values({
          id: link.id,
          owner_session_id: link.ownerSessionId,
          url: link.url,
          clicks: 0,
          created_at: link.createdAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async listOwned(sessionId) {
      const rows = await db
        .selectFrom('short_links')
        .selectAll()
        .where('owner_session_id', '=', sessionId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toStoredLink);
    },
    async findOwned(sessionId, id) {
      const row = await db
        .selectFrom('short_links')
        .selectAll()
        .where('id', '=', id)
        .where('owner_session_id', '=', sessionId)
        .executeTakeFirst();
      return row ? toStoredLink(row) : null;
    },
    async updateUrl(sessionId, id, url) {
      const row = await db
        .updateTable('short_links')
        .set({ url })
        .where('id', '=', id)
        .where('owner_session_id', '=', sessionId)
        .returningAll()
        .executeTakeFirst();
      return row ? toStoredLink(row) : null;
    },
    async delete(sessionId, id) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('short_links')
          .where('id', '=', id)
          .where('owner_session_id', '=', sessionId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await trx.deleteFrom('short_link_clicks').where('url_id', '=', id).execute();
        await trx.deleteFrom('short_link_click_counts').where('url_id', '=', id).execute();
        return true;
      });
    },
    async findTarget(id) {
      const row = await db
        .selectFrom('short_links')
        .innerJoin('sessions', 'sessions.session_id', 'short_links.owner_session_id')
        .select(['short_links.id', 'short_links.url', 'short_links.owner_session_id', 'sessions.user_id'])
        .where('short_links.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return { id: row.id, url: row.url, ownerSessionId: row.owner_session_id, ownerUserId: row.user_id };
    },
  };
}
