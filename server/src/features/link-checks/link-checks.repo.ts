import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, LinkChecksTable } from '../../db/schema.js';

export type LinkCheckRow = Selectable<LinkChecksTable>;

export interface LinkChecksRepo {
  /** Keeps `row` as its link's latest check. */
  save(row: LinkCheckRow): Promise<void>;
  /** The link's latest check, whatever destination it was of. */
  find(linkId: string): Promise<LinkCheckRow | null>;
  /** The session's latest checks of links whose destination is still the one checked. */
  listCurrent(sessionId: string): Promise<LinkCheckRow[]>;
  /** Links (of everyone) not checked since `before`, oldest check first, enabled ones only. */
  listDue(before: number, limit: number): Promise<{ id: string; ownerSessionId: string; url: string }[]>;
}

export function createLinkChecksRepo(db: Kysely<DatabaseSchema>): LinkChecksRepo {
  return {
    async save(row) {
      await db
        .insertInto('link_checks')
        .values(row)
        .onConflict((conflict) => conflict.column('link_id').doUpdateSet(row))
        .execute();
    },
    async find(linkId) {
      return (
        (await db.selectFrom('link_checks').selectAll().where('link_id', '=', linkId).executeTakeFirst()) ??
        null
      );
    },
    async listCurrent(sessionId) {
      return db
        .selectFrom('link_checks')
        .innerJoin('short_links', (join) =>
          join
            .onRef('short_links.id', '=', 'link_checks.link_id')
            .onRef('short_links.owner_session_id', '=', 'link_checks.session_id')
            .onRef('short_links.url', '=', 'link_checks.destination'),
        )
        .selectAll('link_checks')
        .where('link_checks.session_id', '=', sessionId)
        .execute();
    },
    async listDue(before, limit) {
      const rows = await db
        .selectFrom('short_links')
        .leftJoin('link_checks', 'link_checks.link_id', 'short_links.id')
        .select(['short_links.id', 'short_links.owner_session_id', 'short_links.url'])
        .where('short_links.disabled_at', 'is', null)
        .where((eb) =>
          eb.or([eb('link_checks.checked_at', 'is', null), eb('link_checks.checked_at', '<', before)]),
        )
        .orderBy('link_checks.checked_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, ownerSessionId: row.owner_session_id, url: row.url }));
    },
  };
}
