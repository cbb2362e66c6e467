/**
 * SQLite allows one writer at a time, and with WORKERS > 1 the writers are several processes. A
 * transaction that starts reading and only later writes can then fail at once with "database is
 * locked" (SQLite cannot wait for a lock a read already holds), so every write transaction takes
 * the write lock first (BEGIN IMMEDIATE) and waits for it up to the busy timeout. The waits are
 * counted here, for /metrics.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';

/** Taking the lock faster than this was no wait: another writer did not hold it. */
const WAIT_THRESHOLD_MS = 1;

/** Waits for the write lock in this process since it started. */
export const writeLockWaits = { count: 0, seconds: 0 };

function noteLockTaken(startedAt: number): void {
  const waitedMs = performance.now() - startedAt;
  if (waitedMs < WAIT_THRESHOLD_MS) return;
  writeLockWaits.count++;
  writeLockWaits.seconds += waitedMs / 1000;
}

/**
 * `work` in one transaction that holds the write lock from its start; committed before it
 * returns, rolled back when it throws. Not for use inside another transaction.
 */
export function writeTransaction<A extends unknown[], R>(
  sqlite: SQLite.Database,
  work: (...args: A) => R,
): (...args: A) => R {
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  return (...args) => {
    const startedAt = performance.now();
    begin.run();
    noteLockTaken(startedAt);
    try {
      const result = work(...args);
      commit.run();
      return result;
    } catch (error) {
      if (sqlite.inTransaction) rollback.run();
      throw error;
    }
  };
}

class WriteLockDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const startedAt = performance.now();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    noteLockTaken(startedAt);
  }
}

/** Kysely's SQLite dialect, with transactions that take the write lock first. */
export class WriteLockSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new WriteLockDriver(this.#config);
  }
}
