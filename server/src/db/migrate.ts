import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './dialect.js';
import { migrations } from './migrations/index.js';

/**
 * Runs the numbered migrations that have not run yet. On PostgreSQL, instances starting together
 * migrate one after another under an advisory lock (see `withMigrationLock`), so the schema is
 * built once and the others find nothing left to do.
 */
export async function migrateToLatest<T>(db: Kysely<T>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return runMigrations(db, dialect, undefined);
  await withMigrationLock(db, async (connection, schema) => runMigrations(connection, dialect, schema));
}

/**
 * Holds a session-level advisory lock, keyed by the current schema, around `run`, on one pooled
 * connection that `run` must use (a session lock belongs to its connection). Kysely's own lock is
 * taken only after it has created its bookkeeping tables, and two CREATE TABLE IF NOT EXISTS of the
 * same table running at once can fail in PostgreSQL, so the lock has to come first. If the process
 * dies while migrating, the server drops the connection and the lock with it.
 */
async function withMigrationLock<T>(
  db: Kysely<T>,
  run: (connection: Kysely<T>, schema: string) => Promise<void>,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    // Unless told a schema, Kysely on PostgreSQL takes its bookkeeping tables in *any* schema for
    // its own, so a database holding several schemas (one per test app) failed to migrate.
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(connection))
      .rows[0]?.schema;
    if (!schema) throw new Error('PostgreSQL has no current schema; check search_path in DATABASE_URL');
    // Keyed by schema so that databases holding several Hookbay schemas do not wait on each other.
    const key = sql`hashtext(${`hookbay-migrations:${schema}`})`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      await run(connection, schema);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

async function runMigrations<T>(
  db: Kysely<T>,
  dialect: DialectName,
  migrationTableSchema: string | undefined,
): Promise<void> {
  const all: Record<string, Migration> = {};
  for (const [name, build] of Object.entries(migrations)) all[name] = build(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(all) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
