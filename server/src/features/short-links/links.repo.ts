import { sql, type Kysely, type Selectable } from 'kysely';
import { cardOf, type LinkCard } from '../../../../shared/link-card.js';
import type { DatabaseSchema, ShortLinksTable } from '../../db/schema.js';

/** A link's options as stored; the password only as its hash. */
export interface StoredLinkOptions {
  isAlias: boolean;
  /** Epoch ms. */
  expiresAt: number | null;
  maxClicks: number | null;
  passwordHash: string | null;
  card: LinkCard | null;
}

export interface StoredLink extends StoredLinkOptions {
  id: string;
  ownerSessionId: string;
  url: string;
  /** People's clicks. */
  clicks: number;
  createdAt: number;
  /** Epoch ms when an admin disabled it. */
  disabledAt: number | null;
}

export type NewLink = Pick<StoredLink, 'id' | 'ownerSessionId' | 'url' | 'createdAt'> &
  Partial<StoredLinkOptions>;

/** An edit: the destination always, each option only when it changes. */
export interface LinkChange extends Partial<StoredLinkOptions> {
  url: string;
  /** A new id (alias) for the link. */
  newId?: string;
}

/** What the redirect needs: where to send the visitor, whom to tell, and what may stop the visit. */
export interface LinkTarget {
  id: string;
  url: string;
  ownerSessionId: string;
  ownerUserId: string;
  expiresAt: number | null;
  maxClicks: number | null;
  passwordHash: string | null;
  isDisabled: boolean;
  /** The social card link previews get; absent or null: they are redirected as people are. */
  card?: LinkCard | null;
}

export interface LinksRepo {
  /** Stores the link unless its id is taken; false on a collision. */
  insertIfFree(link: NewLink): Promise<boolean>;
  /** The session's links, newest first. */
  listOwned(sessionId: string): Promise<StoredLink[]>;
  findOwned(sessionId: string, id: string): Promise<StoredLink | null>;
  find(id: string): Promise<StoredLink | null>;
  /**
   * Applies the change; null when the session has no such link, 'taken' when the new id belongs to
   * another link. A new id moves the link's clicks and counters with it.
   */
  update(sessionId: string, id: string, change: LinkChange): Promise<StoredLink | null | 'taken'>;
  /** Deletes the link and its clicks; false when the session has no such link. */
  delete(sessionId: string, id: string): Promise<boolean>;
  findTarget(id: string): Promise<LinkTarget | null>;
  /**
   * Counts one person's click against the link's limit in one statement: the counter grows only
   * while it is below max_clicks. Returns the new count, or null when the limit was reached (or
   * the link is gone).
   */
  claimClick(id: string): Promise<number | null>;
  /** True when the link has a limit and has reached it. */
  isAtLimit(id: string): Promise<boolean>;
  /** Sets or clears disabled_at; null when there is no such link. */
  setDisabledAt(id: string, disabledAt: number | null): Promise<StoredLink | null>;
  /** Links whose id is `query` or whose destination host contains it, newest first, at most `limit`. */
  search(query: string, limit: number): Promise<StoredLink[]>;
}

function toStoredLink(row: Selectable<ShortLinksTable>): StoredLink {
  return {
    id: row.id,
    ownerSessionId: row.owner_session_id,
    url: row.url,
    clicks: Number(row.clicks),
    createdAt: Number(row.created_at),
    isAlias: row.is_alias === 1,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    maxClicks: row.max_clicks === null ? null : Number(row.max_clicks),
    passwordHash: row.password_hash,
    disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    card: cardOf(row.card_title, row.card_description, row.card_image),
  };
}

/** The option columns that the change sets; absent options are left out. */
function optionColumns(options: Partial<StoredLinkOptions>) {
  return {
    ...(options.isAlias !== undefined && { is_alias: options.isAlias ? 1 : 0 }),
    ...(options.expiresAt !== undefined && { expires_at: options.expiresAt }),
    ...(options.maxClicks !== undefined && { max_clicks: options.maxClicks }),
    ...(options.passwordHash !== undefined && { password_hash: options.passwordHash }),
    ...(options.card !== undefined && {
      card_title: options.card?.title ?? null,
      card_description: options.card?.description ?? null,
      card_image: options.card?.image ?? null,
    }),
  };
}

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** `text` with LIKE's wildcards escaped (with backslash), lower-cased. */
function likeEscaped(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
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
          ...optionColumns(link),
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
    async find(id) {
      const row = await db.selectFrom('short_links').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toStoredLink(row) : null;
    },
    async update(sessionId, id, change) {
      const { newId, url, ...options } = change;
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('short_links')
            .set({ url, ...optionColumns(options), ...(newId !== undefined && { id: newId }) })
            .where('id', '=', id)
            .where('owner_session_id', '=', sessionId)
            .returningAll()
            .executeTakeFirst();
          if (!row) return null;
          if (newId !== undefined && newId !== id) {
            await trx
              .updateTable('short_link_clicks')
              .set({ url_id: newId })
              .where('url_id', '=', id)
              .execute();
            await trx
              .updateTable('short_link_click_counts')
              .set({ url_id: newId })
              .where('url_id', '=', id)
              .execute();
          }
          return toStoredLink(row);
        });
      } catch (error) {
        if (newId !== undefined && isUniqueViolation(error)) return 'taken';
        throw error;
      }
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
        .select([
          'short_links.id',
          'short_links.url',
          'short_links.owner_session_id',
          'sessions.user_id',
          'short_links.expires_at',
          'short_links.max_clicks',
          'short_links.password_hash',
          'short_links.disabled_at',
          'short_links.card_title',
          'short_links.card_description',
          'short_links.card_image',
        ])
        .where('short_links.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        url: row.url,
        ownerSessionId: row.owner_session_id,
        ownerUserId: row.user_id,
        expiresAt: row.expires_at === null ? null : Number(row.expires_at),
        maxClicks: row.max_clicks === null ? null : Number(row.max_clicks),
        passwordHash: row.password_hash,
        isDisabled: row.disabled_at !== null,
        card: cardOf(row.card_title, row.card_description, row.card_image),
      };
    },
    async claimClick(id) {
      const row = await db
        .updateTable('short_links')
        .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
        .returning('clicks')
        .executeTakeFirst();
      return row ? Number(row.clicks) : null;
    },
    async isAtLimit(id) {
      const row = await db
        .selectFrom('short_links')
        .select(['clicks', 'max_clicks'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.max_clicks != null && Number(row.clicks) >= Number(row.max_clicks);
    },
    async setDisabledAt(id, disabledAt) {
      const row = await db
        .updateTable('short_links')
        .set({ disabled_at: disabledAt })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toStoredLink(row) : null;
    },
    async search(query, limit) {
      const needle = query.trim().toLowerCase();
      const rows = await db
        .selectFrom('short_links')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('id', '=', query.trim()),
            eb(sql`lower(url)`, 'like', sql`${`%${likeEscaped(needle)}%`} escape '\\'`),
          ]),
        )
        .orderBy('created_at', 'desc')
        .limit(limit * 4)
        .execute();
      // LIKE also finds the text in paths and queries; only the id or the host count as a match.
      return rows
        .map(toStoredLink)
        .filter((link) => link.id === query.trim() || hostOf(link.url).includes(needle))
        .slice(0, limit);
    },
  };
}
