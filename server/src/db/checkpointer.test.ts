import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, sqliteHandleOf, type Database } from './connection.js';

describe('SQLite checkpoints in a worker', () => {
  let dataDir = '';
  let database: Database | null = null;

  afterEach(async () => {
    await database?.close();
    database = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies committed writes into the database file long before SQLite would, and closes cleanly', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-checkpoint-'));
    database = await openDatabase({ databaseUrl: null, dataDir });
    const sqlite = sqliteHandleOf(database.db);
    if (!sqlite) throw new Error('no SQLite handle');
    // SQLite's own checkpoint only as a backstop, far above what is written here.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    const file = path.join(dataDir, 'hookbay.db');
    const sizeBefore = fs.statSync(file).size;
    sqlite.exec('create table filler (data blob)');
    const insert = sqlite.prepare('insert into filler (data) values (?)');
    sqlite.transaction(() => {
      for (let index = 0; index < 256; index++) insert.run(Buffer.alloc(4096, index));
    })();
    // About 1 MB committed to the log; it reaches the database file without any further write.
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 1_000_000), {
      timeout: 5000,
      interval: 50,
    });
    await database.close();
    database = null;
    // The last connection closed checkpointed and removed the log, as before the worker.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('starts the log over while commits keep coming, so that it stays small', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-checkpoint-'));
    database = await openDatabase({ databaseUrl: null, dataDir });
    const sqlite = sqliteHandleOf(database.db);
    if (!sqlite) throw new Error('no SQLite handle');
    sqlite.exec('create table filler (data blob)');
    const insert = sqlite.prepare('insert into filler (data) values (?)');
    const log = path.join(dataDir, 'hookbay.db-wal');
    // A commit about every millisecond, as a steady stream of captures makes: over 24 MB of
    // log in all (each 4 KB row takes two pages or more), never a pause for a checkpoint to finish in.
    let largest = 0;
    for (let index = 0; index < 3000; index++) {
      insert.run(Buffer.alloc(4096, index));
      largest = Math.max(largest, fs.statSync(log).size);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // The log started over again and again instead of growing: about 4 MB, plus what came during a pass.
    expect(largest).toBeLessThan(12 * 1024 * 1024);
    // SQLite's own checkpoint on the committing thread (the backstop) never had to run.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
  }, 30_000);
});
