import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DatabaseSchema, ShortLinksTable } from '../../db/schema.js';
import { LINK_ROW_TABLES, moveLinkRows } from './link-moves.js';
import { optionColumns, toLinkTarget, toStoredLink } from './link-rows.js';
import type { LinkTarget, StoredLink, StoredLinkOptions } from './stored-link.js';
import { linksTagged, replaceTags, tagsOfLinks, tagsOfSession, withTags } from './link-tags.repo.js';

export type NewLink = Pick<StoredLink, 'id' | 'ownerSessionId' | 'url' | 'createdAt'> &
  Partial<StoredLinkOptions> & { tags?: readonly string[] };

/** An edit: the destination always, each option only when it changes. */
export interface LinkChange extends Partial<StoredLinkOptions> {
  url: string;
  /** A new id (alias) for the link. */
  newId?: string;
  /** The link's tags from now on. */
  tags?: readonly string[];
}

/** One write of a link: as it was (null before a creation) and as it is (null after a deletion). */
export interface LinkWrite {
  before: StoredLink | null;
  after: StoredLink | null;
  /** `owner`: through the owner's session; `admin`: an administrator disabled or enabled it. */
  by: 'owner' | 'admin';
}

/** Told of every write inside its transaction, so what it stores commits or rolls back with it. */
export type LinkWriteObserver = (trx: Transaction<DatabaseSchema>, write: LinkWrite) => Promise<void>;

export interface LinksRepo {
  /** Stores the link unless its id is taken; false on a collision. */
  insertIfFree(link: NewLink): Promise<boolean>;
  /** The session's links, newest first; with `tag`, only those carrying it. */
  listOwned(sessionId: string, tag?: string): Promise<StoredLink[]>;
  findOwned(sessionId: string, id: string): Promise<StoredLink | null>;
  /** The session's link with this externalId, if any. */
  findByExternalId(sessionId: string, externalId: string): Promise<StoredLink | null>;
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

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A second link of the session with the same externalId (short_links_owner_external_id). */
export function isExternalIdViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const isUnique = error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
  return isUnique && error.message.includes('external_id');
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

/** The link of the row, with its tags read. */
async function withItsTags(db: Kysely<DatabaseSchema>, row: Selectable<ShortLinksTable> | undefined) {
  return row ? toStoredLink(row, (await tagsOfLinks(db, [row.id])).get(row.id)) : null;
}

/**
 * The link's row, locked for the rest of the transaction: a no-op UPDATE takes PostgreSQL's row
 * lock (SQLite writes one transaction at a time), so two racing edits each see the other's result.
 */
async function lockedRow(trx: Transaction<DatabaseSchema>, id: string, sessionId?: string) {
  let query = trx
    .updateTable('short_links')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id);
  if (sessionId !== undefined) query = query.where('owner_session_id', '=', sessionId);
  return withItsTags(trx, await query.returningAll().executeTakeFirst());
}

export function createLinksRepo(
  db: Kysely<DatabaseSchema>,
  onWrite: LinkWriteObserver = () => Promise.resolve(),
): LinksRepo {
  return {
    async insertIfFree(link) {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
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
          .returningAll()
          .executeTakeFirst();
        if (!inserted) return false;
        // Only a link just made gets tags: a taken id must not touch the other link's.
        if (link.tags?.length) await replaceTags(trx, link.ownerSessionId, link.id, link.tags);
        const after = await withItsTags(trx, inserted);
        if (after) await onWrite(trx, { before: null, after, by: 'owner' });
        return true;
      });
    },
    async listOwned(sessionId, tag) {
      let query = db.selectFrom('short_links').selectAll().where('owner_session_id', '=', sessionId);
      if (tag !== undefined) query = query.where('id', 'in', linksTagged(db, sessionId, tag));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const tags = await tagsOfSession(db, sessionId);
      return rows.map((row) => toStoredLink(row, tags.get(row.id)));
    },
    async findOwned(sessionId, id) {
      const row = await db
        .selectFrom('short_links')
        .selectAll()
        .where('id', '=', id)
        .where('owner_session_id', '=', sessionId)
        .executeTakeFirst();
      return withItsTags(db, row);
    },
    async findByExternalId(sessionId, externalId) {
      const row = await db
        .selectFrom('short_links')
        .selectAll()
        .where('owner_session_id', '=', sessionId)
        .where('external_id', '=', externalId)
        .executeTakeFirst();
      return withItsTags(db, row);
    },
    async find(id) {
      const row = await db.selectFrom('short_links').selectAll().where('id', '=', id).executeTakeFirst();
      return withItsTags(db, row);
    },
    async update(sessionId, id, change) {
      const { newId, url, tags, ...options } = change;
      try {
        return await db.transaction().execute(async (trx) => {
          const before = await lockedRow(trx, id, sessionId);
          if (!before) return null;
          const row = await trx
            .updateTable('short_links')
            .set({ url, ...optionColumns(options), ...(newId !== undefined && { id: newId }) })
            .where('id', '=', id)
            .where('owner_session_id', '=', sessionId)
            .returningAll()
            .executeTakeFirst();
          if (!row) return null;
          if (newId !== undefined && newId !== id) await moveLinkRows(trx, sessionId, id, newId);
          if (tags) await replaceTags(trx, sessionId, row.id, tags);
          const after = await withItsTags(trx, row);
          if (after) await onWrite(trx, { before, after, by: 'owner' });
          return after;
        });
      } catch (error) {
        if (newId !== undefined && isUniqueViolation(error) && !isExternalIdViolation(error)) return 'taken';
        throw error;
      }
    },
    async delete(sessionId, id) {
      return db.transaction().execute(async (trx) => {
        const before = await lockedRow(trx, id, sessionId);
        if (!before) return false;
        const deleted = await trx
          .deleteFrom('short_links')
          .where('id', '=', id)
          .where('owner_session_id', '=', sessionId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        for (const table of LINK_ROW_TABLES) {
          await trx.deleteFrom(table).where('url_id', '=', id).execute();
        }
        await onWrite(trx, { before, after: null, by: 'owner' });
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
          'short_links.forward_query',
          'short_links.targeting_rules',
          'short_links.card_title',
          'short_links.card_description',
          'short_links.card_image',
          'short_links.redirect_status',
          'short_links.fallback_url',
          'short_links.starts_at',
          'short_links.split',
        ])
        .where('short_links.id', '=', id)
        .executeTakeFirst();
      return row ? toLinkTarget(row) : null;
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
      return db.transaction().execute(async (trx) => {
        const before = await lockedRow(trx, id);
        if (!before) return null;
        const row = await trx
          .updateTable('short_links')
          .set({ disabled_at: disabledAt })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        const after = await withItsTags(trx, row);
        if (after) await onWrite(trx, { before, after, by: 'admin' });
        return after;
      });
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
      const found = rows
        .map((row) => toStoredLink(row))
        .filter((link) => link.id === query.trim() || hostOf(link.url).includes(needle))
        .slice(0, limit);
      return withTags(
        found,
        await tagsOfLinks(
          db,
          found.map((link) => link.id),
        ),
      );
    },
  };
}
