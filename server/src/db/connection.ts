/**
 * Opens the store: embedded SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * SQLite runs in WAL mode with synchronous=NORMAL: a commit survives a process crash without an
 * fsync per write, which is what lets captures and clicks be committed in groups cheaply.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { OutageLog } from '../outage-log.js';
import { describeSystemError, StartupError } from '../startup-error.js';
import { leaveCheckpointsToAnother, startCheckpointer } from './checkpointer.js';
import type { DialectName } from './dialect.js';
import type { DatabaseSchema } from './schema.js';
import { migrateToLatest } from './migrate.js';
import { OwnSchemaPostgresDialect } from './own-schema-postgres.js';
import { WriteLockSqliteDialect } from './write-lock.js';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  close(): Promise<void>;
}

const sqliteHandles = new WeakMap<Kysely<DatabaseSchema>, SQLite.Database>();

/**
 * The raw SQLite handle under a Kysely instance opened here, or undefined on PostgreSQL: hot
 * write paths use it for a cached prepared statement, which Kysely (compiling and preparing every
 * query) cannot give. Looked up from `db` so that repos keep taking `db` alone.
 */
export function sqliteHandleOf(db: Kysely<DatabaseSchema>): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

/** Creates DATA_DIR if needed and proves a file can be written there, or throws a StartupError saying why not. */
function prepareDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created: ${describeSystemError(error)}`);
  }
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} is not writable: ${describeSystemError(error)}`);
  }
}

function openSqliteFile(file: string): SQLite.Database {
  try {
    const sqlite = new SQLite(file);
    // Takes effect on a new database only (before its first table); see useIncrementalVacuum.
    sqlite.pragma('auto_vacuum = INCREMENTAL');
    // The first write: fails here, at start, on a database file that cannot be written.
    sqlite.pragma('journal_mode = WAL');
    return sqlite;
  } catch (error) {
    throw new StartupError(`The database ${file} cannot be opened: ${describeSystemError(error)}`);
  }
}

/**
 * SQLite's own cache of database pages, in KiB (the driver's default is 16 MB). It fills as the
 * database grows and stays full; pages outside it are read again from the operating system's
 * file cache, which holds them anyway.
 */
const PAGE_CACHE_KIB = 4096;

/** A database up to this size is rewritten at start to switch to auto_vacuum=INCREMENTAL: a second or less. */
const VACUUM_AT_START_MAX_BYTES = 64 * 1024 * 1024;
/** The write-ahead log is cut back to this size once it starts over after a checkpoint. */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Removals free pages inside the file; with auto_vacuum=INCREMENTAL they can be handed back to the
 * disk (free-space.ts). A database created before Hookbay set it needs one full VACUUM to switch:
 * done here when the file is small enough for that to be quick, otherwise left to the operator
 * (docs/self-hosting.md, "What Hookbay stores, and for how long"), and the freed pages are reused rather than returned.
 */
function useIncrementalVacuum(sqlite: SQLite.Database): void {
  if (Number(sqlite.pragma('auto_vacuum', { simple: true })) === 2) return;
  const pages = Number(sqlite.pragma('page_count', { simple: true }));
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  if (pages * pageSize > VACUUM_AT_START_MAX_BYTES) return;
  try {
    sqlite.exec('VACUUM');
  } catch {
    // No room for the copy VACUUM makes, say: the database works as before, reusing freed pages.
  }
}

/**
 * The SQLite store under `dataDir`, and the stop of its checkpoint worker, to call before it
 * closes; without `checkpointsWal`, another process of the server checkpoints this file, and
 * there is none to stop.
 */
function openSqlite(
  dataDir: string,
  checkpointsWal: boolean,
): { db: Kysely<DatabaseSchema>; stopCheckpointer: (() => Promise<void>) | null } {
  prepareDataDir(dataDir);
  const sqlite = openSqliteFile(path.join(dataDir, 'hookbay.db'));
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  useIncrementalVacuum(sqlite);
  const db = new Kysely<DatabaseSchema>({ dialect: new WriteLockSqliteDialect(sqlite) });
  sqliteHandles.set(db, sqlite);
  if (!checkpointsWal) {
    leaveCheckpointsToAnother(sqlite);
    return { db, stopCheckpointer: null };
  }
  const checkpointer = startCheckpointer(sqlite);
  return { db, stopCheckpointer: () => checkpointer.stop() };
}

/** A connect to an unreachable server gives up after this, so requests answer 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(url: string, outage: OutageLog | null): Promise<Kysely<DatabaseSchema>> {
  // Loaded only when PostgreSQL is configured: the driver is not needed on SQLite.
  const { default: pg } = await import('pg');
  // int8 (ids, epoch-millisecond times, counts) arrives as a string by default; every such value
  // Hookbay stores fits in a double exactly.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection that the server drops (restart, failover) is reported here; unheard,
  // this 'error' event would end the process. The pool discards that connection by itself.
  pool.on('error', (error) => outage?.down('database', error));
  // A new connection succeeding is the sign that the database is back. The pool hears a
  // connection's errors only while it is idle: one dropped during a query (its caller gets the
  // query's error) would otherwise raise an 'error' event nobody hears, which ends the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => outage?.down('database', error));
    outage?.up('database');
  });
  return new Kysely<DatabaseSchema>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}

/**
 * Opens the configured store and brings its schema up to date. `outage`, when given, hears of
 * PostgreSQL connections lost and made again, so the server can log an outage once. On SQLite,
 * `checkpointsWal: false` leaves the write-ahead log's checkpoints to another process of the
 * server (db/checkpointer.ts).
 */
export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string; checkpointsWal?: boolean },
  outage: OutageLog | null = null,
): Promise<Database> {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const { db, stopCheckpointer } = options.databaseUrl
    ? { db: await openPostgres(options.databaseUrl, outage), stopCheckpointer: null }
    : openSqlite(options.dataDir, options.checkpointsWal ?? true);
  const close = async () => {
    await stopCheckpointer?.();
    await db.destroy();
  };
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, close };
}
