/**
 * Captured requests read back by id, as the live event shows them: a worker that holds a
 * listener's socket reads the requests another worker captured, instead of receiving them whole
 * through the primary (see realtime/worker-push.ts).
 */
import { sql, type Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { StoredEventsReader } from '../../realtime/worker-push.js';
import { toWebhookEvent, type EventRow } from './event-view.js';

export function createStoredEventsReader(db: Kysely<DatabaseSchema>): StoredEventsReader {
  const sqlite = sqliteHandleOf(db);
  if (sqlite) {
    const byId = sqlite.prepare<[number], EventRow>(
      'SELECT * FROM webhook_events WHERE id = ? AND is_deleted = 0',
    );
    // One read transaction for the lot: on its own each statement takes and drops SQLite's file
    // lock and checks the file (three system calls), which cost more than reading the row did.
    const readAll = sqlite.transaction((ids: number[]) =>
      ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toWebhookEvent(row)] : [];
      }),
    );
    return (ids) => Promise.resolve(readAll(ids));
  }
  return async (ids) => {
    const rows = await db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', 'in', ids)
      .where(sql<boolean>`is_deleted = 0`)
      .execute();
    return rows.map((row) => toWebhookEvent(row));
  };
}
