import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { holdWriteLock } from '../../test/write-lock-holder.js';
import { WriteLockSqliteDialect, writeLockWaits, writeTransaction } from './write-lock.js';

/** A new database file in WAL mode with table t, as the server opens its own. */
function openDatabase(): { file: string; db: SQLite.Database } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-lock-')), 'db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE t (v INTEGER)');
  return { file, db };
}

/** Ticks of a 10 ms timer while `work` runs: none when the event loop is held the whole time. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

const countOf = (db: SQLite.Database) => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;

describe('SQLite writes from several processes', () => {
  it('waits for another process’s write lock instead of failing, and counts the wait', async () => {
    const { file, db } = openDatabase();
    // Reads first, then writes: the shape that fails at once without the lock taken up front.
    const readThenWrite = writeTransaction(db, () => {
      const before = db.prepare('SELECT count(*) AS n FROM t').get() as { n: number };
      db.prepare('INSERT INTO t (v) VALUES (2)').run();
      return before.n;
    });
    const waitsBefore = writeLockWaits.count;
    const other = await holdWriteLock(file, 300, 'INSERT INTO t (v) VALUES (1)');
    expect(await readThenWrite()).toBe(1);
    await other.done;
    expect(writeLockWaits.count).toBe(waitsBefore + 1);
    expect(writeLockWaits.seconds).toBeGreaterThan(0);
    expect(countOf(db)).toBe(2);
    db.close();
  });

  it('goes on serving while it waits for the lock, in a batch write and in a Kysely transaction', async () => {
    const { file, db } = openDatabase();
    const write = writeTransaction(db, () => db.prepare('INSERT INTO t (v) VALUES (2)').run());
    const kysely = new Kysely<{ t: { v: number } }>({ dialect: new WriteLockSqliteDialect(db) });

    let other = await holdWriteLock(file, 300, 'INSERT INTO t (v) VALUES (1)');
    expect(await ticksDuring(write)).toBeGreaterThan(5);
    await other.done;
    other = await holdWriteLock(file, 300, 'INSERT INTO t (v) VALUES (1)');
    const inKysely = () =>
      kysely.transaction().execute((trx) => trx.insertInto('t').values({ v: 3 }).execute());
    expect(await ticksDuring(inKysely)).toBeGreaterThan(5);
    await other.done;

    // The other process's row each time, and each of these writes.
    expect(countOf(db)).toBe(4);
    await kysely.destroy();
  });

  it('goes on serving while a single Kysely write waits for the lock; a read does not wait', async () => {
    const { file, db } = openDatabase();
    const kysely = new Kysely<{ t: { v: number } }>({ dialect: new WriteLockSqliteDialect(db) });
    const writes = [
      () => kysely.insertInto('t').values({ v: 2 }).execute(),
      () => kysely.updateTable('t').set({ v: 3 }).where('v', '=', 2).execute(),
      () => sql`INSERT INTO t (v) VALUES (4)`.execute(kysely),
      () => kysely.deleteFrom('t').where('v', '=', 1).execute(),
    ];
    for (const write of writes) {
      const waitsBefore = writeLockWaits.count;
      const other = await holdWriteLock(file, 300, 'INSERT INTO t (v) VALUES (1)');
      expect(await ticksDuring(write)).toBeGreaterThan(5);
      expect(writeLockWaits.count).toBe(waitsBefore + 1);
      await other.done;
    }
    // The other process's four rows, less those the delete took; 2 became 3; and 4.
    expect(db.prepare('SELECT v FROM t ORDER BY v').all()).toEqual([{ v: 3 }, { v: 4 }]);

    const other = await holdWriteLock(file, 300);
    const waitsBefore = writeLockWaits.count;
    expect(await kysely.selectFrom('t').select('v').execute()).toHaveLength(2);
    expect(await sql`SELECT count(*) AS n FROM t`.execute(kysely)).toEqual({ rows: [{ n: 2 }] });
    expect(writeLockWaits.count).toBe(waitsBefore);
    await other.done;
    await kysely.destroy();
  });

  it('leaves nothing open when a single Kysely write fails', async () => {
    const { db } = openDatabase();
    db.exec('CREATE UNIQUE INDEX t_v ON t (v)');
    const kysely = new Kysely<{ t: { v: number } }>({ dialect: new WriteLockSqliteDialect(db) });
    await kysely.insertInto('t').values({ v: 1 }).execute();
    await expect(kysely.insertInto('t').values({ v: 1 }).execute()).rejects.toThrow(
      'UNIQUE constraint failed',
    );
    expect(db.inTransaction).toBe(false);
    await kysely.insertInto('t').values({ v: 2 }).execute();
    expect(countOf(db)).toBe(2);
    await kysely.destroy();
  });

  it('waits for a transaction still open on its own connection rather than joining it', async () => {
    const { db } = openDatabase();
    const kysely = new Kysely<{ t: { v: number } }>({ dialect: new WriteLockSqliteDialect(db) });
    const write = writeTransaction(db, () => db.prepare('INSERT INTO t (v) VALUES (1)').run());
    let written: Promise<unknown> = Promise.resolve();
    // A Kysely transaction that awaits between its statements, and fails after the write is asked for.
    const failed = kysely
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO t (v) VALUES (2)`.execute(trx);
        written = write();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('no');
      })
      .catch((error: Error) => error.message);
    expect(await failed).toBe('no');
    await written;
    // Its own transaction rolled back alone: the batch write waited and committed on its own.
    expect(db.prepare('SELECT v FROM t').all()).toEqual([{ v: 1 }]);
    await kysely.destroy();
  });

  it('rolls back when the work throws', async () => {
    const db = new SQLite(':memory:');
    db.exec('CREATE TABLE t (v INTEGER)');
    const failing = writeTransaction(db, () => {
      db.prepare('INSERT INTO t (v) VALUES (1)').run();
      throw new Error('no');
    });
    await expect(failing()).rejects.toThrow('no');
    expect(db.inTransaction).toBe(false);
    expect(countOf(db)).toBe(0);
  });
});
