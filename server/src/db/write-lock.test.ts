import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { writeLockWaits, writeTransaction } from './write-lock.js';

/** Another process (as another worker is) holding the write lock for `ms`; resolves once it holds it. */
function holdWriteLock(file: string, ms: number): Promise<{ done: Promise<void> }> {
  const script = `
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
    db.prepare('BEGIN IMMEDIATE').run();
    db.prepare('INSERT INTO t (v) VALUES (1)').run();
    process.stdout.write('held\\n');
    setTimeout(() => { db.prepare('COMMIT').run(); process.exit(0); }, ${ms});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve) => child.stdout.once('data', () => resolve({ done })));
}

describe('SQLite writes from several processes', () => {
  it('waits for another process’s write lock instead of failing, and counts the wait', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-lock-')), 'db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE t (v INTEGER)');
    // Reads first, then writes: the shape that fails at once without the lock taken up front.
    const readThenWrite = writeTransaction(db, () => {
      const before = db.prepare('SELECT count(*) AS n FROM t').get() as { n: number };
      db.prepare('INSERT INTO t (v) VALUES (2)').run();
      return before.n;
    });
    const waitsBefore = writeLockWaits.count;
    const other = await holdWriteLock(file, 300);
    expect(readThenWrite()).toBe(1);
    await other.done;
    expect(writeLockWaits.count).toBe(waitsBefore + 1);
    expect(writeLockWaits.seconds).toBeGreaterThan(0);
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(2);
    db.close();
  });

  it('rolls back when the work throws', () => {
    const db = new SQLite(':memory:');
    db.exec('CREATE TABLE t (v INTEGER)');
    const failing = writeTransaction(db, () => {
      db.prepare('INSERT INTO t (v) VALUES (1)').run();
      throw new Error('no');
    });
    expect(() => failing()).toThrow('no');
    expect(db.inTransaction).toBe(false);
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(0);
  });
});
