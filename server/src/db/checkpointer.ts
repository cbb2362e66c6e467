/**
 * Copies SQLite's write-ahead log back into the database file from a worker thread. SQLite does
 * this itself on the commit that finds the log over 1,000 pages, on the thread that commits:
 * copying and syncing the file stalled every request for tens of milliseconds now and then (the
 * capture → listener p99 at a steady 500 requests a second). A PASSIVE checkpoint on a
 * connection of its own never blocks the server's reads or writes.
 *
 * A PASSIVE checkpoint alone never lets the log start over while writes keep coming (even at a
 * steady 500 a second): a commit always lands while it runs, so some frames are left, and the
 * log grows. Growing, it stalled the server again: each write past its end waits for the file
 * system to find blocks, and cutting it back to journal_size_limit took 10–18 ms, both on the
 * thread that commits. So once the log holds RESTART_FRAMES and a PASSIVE pass has left at most
 * RESTART_TAIL_FRAMES behind, the worker checkpoints again with RESTART: it waits (up to
 * RESTART_WAIT_MS, else it gives up until the next pass) for a moment between two commits, copies
 * that short tail while holding them off, and the server's next commit starts the log over at
 * its beginning, in blocks the file already has.
 *
 * Under a flood of writes the tail may stay too long to hold commits off for: SQLite's own
 * checkpoint stays on as a backstop, at a larger size, and then finds most pages already copied.
 * If the worker fails, the backstop goes back to SQLite's default.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const INTERVAL_MS = 250;
/** About 4 MB of log with 4 KB pages, well under journal_size_limit (connection.ts). */
const RESTART_FRAMES = 1000;
/** What a RESTART may have left to copy while commits wait: about 2 MB. */
const RESTART_TAIL_FRAMES = 500;
/** How long a RESTART waits for a moment between two commits before it gives up until the next pass. */
const RESTART_WAIT_MS = 100;
/** About 40 MB of log with 4 KB pages. */
const BACKSTOP_PAGES = 10_000;
/** SQLite's default, restored when the worker fails. */
const DEFAULT_PAGES = 1000;

// CommonJS, as the worker runs it from a string; the driver's path comes from the main thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true, timeout: workerData.restartWaitMs });
const timer = setInterval(() => {
  const [pass] = db.pragma('wal_checkpoint(PASSIVE)');
  if (pass.log >= workerData.restartFrames && pass.log - pass.checkpointed <= workerData.restartTailFrames)
    db.pragma('wal_checkpoint(RESTART)');
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * For a process whose log another process of the server checkpoints (with WORKERS > 1, the first
 * worker): only SQLite's backstop, so that its commits do not checkpoint at SQLite's default size.
 * While that worker is being replaced the log grows up to the backstop.
 */
export function leaveCheckpointsToAnother(sqlite: SQLite.Database): void {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
}

interface Checkpointer {
  /** Stops the worker and closes its connection; call before closing the database. */
  stop(): Promise<void>;
}

export function startCheckpointer(sqlite: SQLite.Database): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: sqlite.name,
      intervalMs: INTERVAL_MS,
      restartFrames: RESTART_FRAMES,
      restartTailFrames: RESTART_TAIL_FRAMES,
      restartWaitMs: RESTART_WAIT_MS,
    },
  });
  // A process that never closes its database must still be able to exit.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const fallBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  return {
    async stop() {
      stopping = true;
      // Held again, or the process could end here, before the database is closed.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
