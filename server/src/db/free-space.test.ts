/**
 * Space given back to the disk after removals, on SQLite: in small steps the rest of the server
 * works between, and without putting the process to sleep while another process holds the writer.
 */
import type SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { whileAnotherHoldsTheLock } from '../../test/write-lock-holder.js';
import { openDatabase, sqliteHandleOf, type Database } from './connection.js';
import { returnFreeSpace } from './free-space.js';

const opened: Database[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/**
 * A store whose oldest rows were removed, as a prune leaves it after a flood: the rows kept are the
 * newest, at the end of the file, so giving the space back moves every one of their pages.
 */
async function prunedStore(): Promise<{ database: Database; sqlite: SQLite.Database }> {
  const database = await openDatabase({ ...testConfig(), checkpointsWal: false });
  opened.push(database);
  const sqlite = sqliteHandleOf(database.db);
  if (!sqlite) throw new Error('not SQLite');
  sqlite.exec('CREATE TABLE filler (data BLOB)');
  const insert = sqlite.prepare('INSERT INTO filler (data) VALUES (?)');
  // About a page a row.
  sqlite.transaction(() => {
    for (let row = 0; row < 600; row++) insert.run(Buffer.alloc(3000, row));
  })();
  sqlite.exec('DELETE FROM filler WHERE rowid <= 500');
  return { database, sqlite };
}

/** 128 KiB of 4 KiB pages: what one step may give back while the event loop waits. */
const STEP_MAX_PAGES = 32;

const pages = (sqlite: SQLite.Database, pragma: 'page_count' | 'freelist_count') =>
  Number(sqlite.pragma(pragma, { simple: true }));

describe('giving space back to the disk', () => {
  it('shrinks the file in steps of at most 128 KiB, the event loop free between them', async () => {
    const { database, sqlite } = await prunedStore();
    const before = pages(sqlite, 'page_count');
    // The file's size on every turn of the event loop while the space is given back.
    const sizes: number[] = [];
    let giving = true;
    const sampled = new Promise<void>((resolve) => {
      const sample = () => {
        sizes.push(pages(sqlite, 'page_count'));
        if (giving) setImmediate(sample);
        else resolve();
      };
      sample();
    });
    await returnFreeSpace(database.db);
    giving = false;
    await sampled;

    expect(pages(sqlite, 'freelist_count')).toBe(0);
    expect(pages(sqlite, 'page_count')).toBeLessThan(before - 450);
    const shrunk = sizes.slice(1).map((size, index) => (sizes[index] ?? size) - size);
    expect(Math.max(...shrunk)).toBeLessThanOrEqual(STEP_MAX_PAGES);
  });

  it('waits for another process holding the writer without stopping the event loop', async () => {
    const { database, sqlite } = await prunedStore();
    const { timerRanMeanwhile } = await whileAnotherHoldsTheLock(sqlite.name, () =>
      returnFreeSpace(database.db),
    );
    expect(timerRanMeanwhile).toBe(true);
    expect(pages(sqlite, 'freelist_count')).toBe(0);
  });
});
