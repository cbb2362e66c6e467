/**
 * Another process (as another worker is) holding SQLite's write lock on a database file: what a
 * write of this process must wait for without stopping its event loop.
 */
import { spawn } from 'node:child_process';

export interface HeldWriteLock {
  /** When the other process let go of the lock (its clock, Date.now()). */
  releasedAt: Promise<number>;
  /** Resolves once the other process has exited. */
  done: Promise<void>;
}

/** Takes the lock in a new process, runs `statement` in it if given, and commits after `ms`; resolves once the lock is held. */
export function holdWriteLock(file: string, ms: number, statement?: string): Promise<HeldWriteLock> {
  const script = `
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
    db.prepare('BEGIN IMMEDIATE').run();
    ${statement ? `db.prepare(${JSON.stringify(statement)}).run();` : ''}
    process.stdout.write('held\\n');
    setTimeout(() => {
      process.stdout.write('released ' + Date.now() + '\\n');
      db.prepare('COMMIT').run();
      process.exit(0);
    }, ${ms});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const releasedAt = done.then(() => Number(/released (\d+)/.exec(output)?.[1]));
  return new Promise((resolve) => child.stdout.once('data', () => resolve({ releasedAt, done })));
}

/**
 * Runs `work` while another process holds the write lock on `file` for half a second; answers
 * its result, and whether a 20 ms timer of this process fired before that process let go (false
 * when something here slept the event loop while waiting for the lock).
 */
export async function whileAnotherHoldsTheLock<R>(
  file: string,
  work: () => Promise<R>,
): Promise<{ result: R; timerRanMeanwhile: boolean }> {
  const other = await holdWriteLock(file, 500);
  const timerFired = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), 20));
  const working = work();
  const firedAt = await timerFired;
  const result = await working;
  return { result, timerRanMeanwhile: firedAt < (await other.releasedAt) };
}
