/**
 * SQLite allows one writer at a time, and with WORKERS > 1 the writers are several processes. A
 * transaction that starts reading and only later writes can then fail at once with "database is
 * locked" (SQLite cannot wait for a lock a read already holds), so every write transaction takes
 * the write lock first (BEGIN IMMEDIATE). While another writer holds it, SQLite's own busy handler
 * would sleep the whole process (1 ms, then 2, 5, 10…) with every request it holds waiting; here
 * the lock is tried without waiting, and tried again a millisecond later while the event loop
 * serves requests, up to the connection's busy timeout. The waits are counted here, for /metrics.
 * A single write statement outside a transaction takes the lock the same way, as a transaction of
 * its own: left to autocommit, it would wait in that busy handler.
 */
import type SQLite from 'better-sqlite3';
import {
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';

/** Taking the lock faster than this was no wait: another writer did not hold it. */
const WAIT_THRESHOLD_MS = 1;
/** Between two tries for the lock, the event loop goes on serving requests. */
const RETRY_MS = 1;

/** Waits for the write lock in this process since it started. */
export const writeLockWaits = { count: 0, seconds: 0 };

function noteLockTaken(startedAt: number): void {
  const waitedMs = performance.now() - startedAt;
  if (waitedMs < WAIT_THRESHOLD_MS) return;
  writeLockWaits.count++;
  writeLockWaits.seconds += waitedMs / 1000;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * `locked` run right after this connection has taken the write lock, in the same turn of the
 * event loop; its result (or error) settles the promise. The lock is also held while a
 * transaction is still open on this connection (Kysely's, awaiting between its statements).
 */
type WithWriteLock = <R>(locked: () => R) => Promise<R>;

function writeLockOf(sqlite: SQLite.Database): WithWriteLock {
  const timeoutMs = Number(sqlite.pragma('busy_timeout', { simple: true }));
  // A PRAGMA takes effect when it is compiled, not when a prepared copy runs: exec each time (1 µs).
  const restoreWait = `PRAGMA busy_timeout = ${timeoutMs}`;
  const begin = sqlite.prepare('BEGIN IMMEDIATE');

  /** True once the lock is taken; on the last try, a lock still held fails as SQLite fails. */
  function tryBegin(lastTry: boolean): boolean {
    if (sqlite.inTransaction) {
      if (lastTry) throw new Error('database is locked: a transaction on this connection is still open');
      return false;
    }
    sqlite.exec('PRAGMA busy_timeout = 0');
    try {
      begin.run();
      return true;
    } catch (error) {
      if (lastTry || !isBusy(error)) throw error;
      return false;
    } finally {
      sqlite.exec(restoreWait);
    }
  }

  return (locked) => {
    const startedAt = performance.now();
    return new Promise((resolve, reject) => {
      const attempt = () => {
        try {
          if (!tryBegin(performance.now() - startedAt >= timeoutMs)) {
            setTimeout(attempt, RETRY_MS);
            return;
          }
          noteLockTaken(startedAt);
          resolve(locked());
        } catch (error) {
          reject(error);
        }
      };
      attempt();
    });
  };
}

/**
 * `work` in one transaction that holds the write lock from its start; committed before the
 * promise resolves, rolled back when it throws.
 */
export function writeTransaction<A extends unknown[], R>(
  sqlite: SQLite.Database,
  work: (...args: A) => R,
): (...args: A) => Promise<R> {
  const withWriteLock = writeLockOf(sqlite);
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  return (...args) =>
    withWriteLock(() => {
      try {
        const result = work(...args);
        commit.run();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) rollback.run();
        throw error;
      }
    });
}

/** Kysely's queries that write; a raw query writes when SQLite says its statement does. */
const WRITE_QUERIES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

function writes(sqlite: SQLite.Database, query: CompiledQuery): boolean {
  const { kind } = query.query;
  if (WRITE_QUERIES.has(kind)) return true;
  return kind === 'RawNode' && !sqlite.prepare(query.sql).readonly;
}

/** Kysely's connection, with each write statement outside a transaction run as one that holds the lock. */
class WriteLockConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #sqlite: SQLite.Database;
  // The statement runs synchronously inside (the driver's promise is settled when it returns).
  readonly #writeAlone: (query: CompiledQuery) => Promise<Promise<QueryResult<unknown>>>;

  constructor(inner: DatabaseConnection, sqlite: SQLite.Database) {
    this.#inner = inner;
    this.#sqlite = sqlite;
    this.#writeAlone = writeTransaction(sqlite, (query: CompiledQuery) => inner.executeQuery(query));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#sqlite.inTransaction || !writes(this.#sqlite, query)) return this.#inner.executeQuery<R>(query);
    return (await this.#writeAlone(query)) as QueryResult<R>;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

class WriteLockDriver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;
  readonly #withWriteLock: WithWriteLock;
  #connection: WriteLockConnection | null = null;

  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
    this.#withWriteLock = writeLockOf(sqlite);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite has one connection, handed out to one query or transaction at a time.
    const connection = await super.acquireConnection();
    this.#connection ??= new WriteLockConnection(connection, this.#sqlite);
    return this.#connection;
  }

  override async beginTransaction(): Promise<void> {
    // Kysely runs one query at a time on its connection: the transaction's statements follow.
    await this.#withWriteLock(() => undefined);
  }
}

/** Kysely's SQLite dialect over `database`, with transactions that take the write lock first. */
export class WriteLockSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #sqlite: SQLite.Database;

  constructor(sqlite: SQLite.Database) {
    const config = { database: sqlite };
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
  }

  override createDriver(): SqliteDriver {
    return new WriteLockDriver(this.#config, this.#sqlite);
  }
}
