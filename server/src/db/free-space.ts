/**
 * Gives the space that removals freed back to the disk. SQLite keeps freed pages inside its file
 * for reuse; with auto_vacuum=INCREMENTAL (set in connection.ts) `incremental_vacuum(N)` moves
 * pages from the end of the file into free ones and cuts the file shorter. It runs after a prune
 * run that removed anything, never on the capture path, in small steps with a pause between them:
 * after a flood the rows kept are the newest, at the end of the file, so nearly every one of their
 * pages moves, and steps of 1 MiB held the event loop 12–105 ms each, back to back.
 * PostgreSQL's autovacuum does this work there (docs/self-hosting.md).
 */
import { setTimeout as pause } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { sqliteHandleOf } from './connection.js';
import type { DatabaseSchema } from './schema.js';
import { writeTransaction } from './write-lock.js';

/** 128 KiB with 4 KiB pages: one step holds SQLite's writer, and the event loop, about 3 ms. */
const PAGES_PER_STEP = 32;
/** Between two steps the server's own writes, and its event loop, have the database to themselves. */
const STEP_PAUSE_MS = 5;
/** auto_vacuum's value for INCREMENTAL. */
const INCREMENTAL = 2;

export async function returnFreeSpace(db: Kysely<DatabaseSchema>): Promise<void> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite || Number(sqlite.pragma('auto_vacuum', { simple: true })) !== INCREMENTAL) return;
  // Taken like every write's lock: with workers, another one's writes are waited for without
  // putting this process to sleep, and a transaction still open on this connection is waited for.
  const step = writeTransaction(sqlite, () => sqlite.pragma(`incremental_vacuum(${PAGES_PER_STEP})`));
  let free = Number(sqlite.pragma('freelist_count', { simple: true }));
  while (free > 0) {
    await step();
    await pause(STEP_PAUSE_MS);
    // The server may have closed the database during the pause.
    if (!sqlite.open) return;
    const left = Number(sqlite.pragma('freelist_count', { simple: true }));
    // Pages freed meanwhile by other removals are left for the next run, so this one ends.
    if (left >= free) return;
    free = left;
  }
}
