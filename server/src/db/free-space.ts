/**
 * Gives the space that removals freed back to the disk. SQLite keeps freed pages inside its file
 * for reuse; with auto_vacuum=INCREMENTAL (set in connection.ts) `incremental_vacuum(N)` moves
 * pages from the end of the file into free ones and cuts the file shorter. It runs in small steps,
 * with a turn of the event loop between them, after a prune run that removed anything: never on
 * the capture path. PostgreSQL's autovacuum does this work there (docs/self-hosting.md).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { sqliteHandleOf } from './connection.js';
import type { DatabaseSchema } from './schema.js';

/** 1 MiB with 4 KiB pages: one step holds SQLite's writer for about a millisecond. */
export const PAGES_PER_STEP = 256;
/** auto_vacuum's value for INCREMENTAL. */
const INCREMENTAL = 2;

export async function returnFreeSpace(db: Kysely<DatabaseSchema>): Promise<void> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite || Number(sqlite.pragma('auto_vacuum', { simple: true })) !== INCREMENTAL) return;
  let free = Number(sqlite.pragma('freelist_count', { simple: true }));
  while (free > 0 && sqlite.open) {
    // Inside a transaction still open on this connection it would become part of it: wait for it.
    if (!sqlite.inTransaction) sqlite.pragma(`incremental_vacuum(${PAGES_PER_STEP})`);
    await nextTurn();
    if (!sqlite.open) return;
    const left = Number(sqlite.pragma('freelist_count', { simple: true }));
    // Pages freed meanwhile by other removals are left for the next run, so this one ends.
    if (left >= free && !sqlite.inTransaction) return;
    free = left;
  }
}
