/**
 * Large deletes in small batches, with a turn of the event loop between them: one DELETE of many
 * rows holds SQLite's single writer, and the event loop with it, or a PostgreSQL transaction, for
 * as long as it runs.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** Rows one DELETE removes; a captured request's body may be up to the capture limit. */
export const DELETE_BATCH_ROWS = 100;

/** The tables deleted from in batches; each has an `id` column. */
type BatchedTable = 'webhook_events' | 'delivery_messages';

type RowIds<T extends BatchedTable> = SelectQueryBuilder<DatabaseSchema, T, { id: number }>;

/**
 * Deletes the rows `pick` narrows `table` to, DELETE_BATCH_ROWS at a time, in the order it gives if
 * it orders them; returns how many it deleted.
 */
export async function deleteInBatches<T extends BatchedTable>(
  db: Kysely<DatabaseSchema>,
  table: T,
  pick: (ids: RowIds<T>) => RowIds<T>,
): Promise<number> {
  const ids = () => db.selectFrom(table as BatchedTable).select('id') as RowIds<T>;
  let total = 0;
  for (;;) {
    // One statement: on SQLite it takes the write lock as every write does (db/write-lock.ts), so
    // with workers it waits for another one's writes without SQLite putting the process to sleep.
    const batch = pick(ids()).limit(DELETE_BATCH_ROWS);
    const result = await db
      .deleteFrom(table as BatchedTable)
      .where('id', 'in', batch)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < DELETE_BATCH_ROWS) return total;
    await nextTurn();
  }
}
