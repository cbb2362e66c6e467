/** The rows other tables keep about one short link: they follow it when it is renamed. */
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

/** Rows of one link by url_id: they move with a renamed link and go with a deleted one. */
export const LINK_ROW_TABLES = ['short_link_clicks', 'short_link_click_counts', 'short_link_tags'] as const;

/** Rows naming one of the session's links by link_id: its analytics links and its latest check. */
const LINKED_TABLES = ['link_shares', 'link_checks'] as const;

/** Moves every row about link `from` of the session to its new id `to`, inside the rename's transaction. */
export async function moveLinkRows(
  trx: Transaction<DatabaseSchema>,
  sessionId: string,
  from: string,
  to: string,
): Promise<void> {
  for (const table of LINK_ROW_TABLES) {
    await trx.updateTable(table).set({ url_id: to }).where('url_id', '=', from).execute();
  }
  for (const table of LINKED_TABLES) {
    await trx
      .updateTable(table)
      .set({ link_id: to })
      .where('link_id', '=', from)
      .where('session_id', '=', sessionId)
      .execute();
  }
}
