import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, LinkSharesTable } from '../../db/schema.js';
import { createTokenLinkStore, type TokenLinkStore } from '../shares/token-links.repo.js';

export type LinkShareRow = Selectable<LinkSharesTable>;

export interface LinkSharesRepo extends TokenLinkStore<LinkShareRow> {
  /** The session's shares, newest first, optionally of one link or one tag. */
  list(sessionId: string, of: { linkId?: string; tag?: string }): Promise<LinkShareRow[]>;
}

export function createLinkSharesRepo(db: Kysely<DatabaseSchema>): LinkSharesRepo {
  return {
    ...createTokenLinkStore(db, 'link_shares'),
    async list(sessionId, of) {
      let query = db.selectFrom('link_shares').selectAll().where('session_id', '=', sessionId);
      if (of.linkId !== undefined) query = query.where('link_id', '=', of.linkId);
      if (of.tag !== undefined) query = query.where('tag', '=', of.tag);
      return query.orderBy('created_at', 'desc').orderBy('id').execute();
    },
  };
}
