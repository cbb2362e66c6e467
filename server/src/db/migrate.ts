import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './connection.js';
import { migrations } from './migrations/index.js';

/**
 * Runs the numbered migrations that have not run yet. On PostgreSQL, Kysely holds an advisory
 * lock while migrating, so instances starting together migrate once.
 */
export async function migrateToLatest<T>(db: Kysely<T>, dialect: DialectName): Promise<void> {
  const all: Record<string, Migration> = {};
  for (const [name, build] of Object.entries(migrations)) all[name] = build(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(all) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
