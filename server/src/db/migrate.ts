import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './connection.js';
import { migrations } from './migrations/index.js';

/**
 * Runs the numbered migrations that have not run yet. On PostgreSQL, Kysely holds an advisory
 * lock while migrating, so instances starting together migrate once.
 */
export async function migrateToLatest<T>(db: Kysely<T>, dialect: DialectName): Promise<void> {
  const all: Record<string, Migration> = {};
  for (const [name, build] of Object.entries(migrations)) all[name] = build(dialect);
  // Unless told a schema, Kysely on PostgreSQL takes its bookkeeping tables in *any* schema for
  // its own, so a database holding several schemas (one per test app) failed to migrate.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
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
