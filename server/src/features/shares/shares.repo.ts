import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, ShareLinksTable } from '../../db/schema.js';
import { createTokenLinkStore, type TokenLinkStore } from './token-links.repo.js';

export type ShareRow = Selectable<ShareLinksTable>;

export interface SharesRepo extends TokenLinkStore<ShareRow> {
  /** The session's links, newest first. */
  list(sessionId: string): Promise<ShareRow[]>;
}

export function createSharesRepo(db: Kysely<DatabaseSchema>): SharesRepo {
  return {
    ...createTokenLinkStore(db, 'share_links'),
    async list(sessionId) {
      return db
        .selectFrom('share_links')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
  };
}
