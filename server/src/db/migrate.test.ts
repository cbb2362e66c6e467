import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, freshPostgresUrl } from '../../test/app.js';
import { openDatabase } from './connection.js';
import { OwnSchemaPostgresDialect } from './own-schema-postgres.js';
import { migrations } from './migrations/index.js';

describe.runIf(TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('a schema migrates while another schema of the database drops columns and tables', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    // Another application (or another Hookbay) changing its own schema all the while.
    const other = new pg.Client({ connectionString: await freshPostgresUrl(TEST_DATABASE_URL) });
    await other.connect();
    let changing = true;
    const changes = (async () => {
      while (changing) {
        await other.query('create table churn (id integer, extra integer)');
        await other.query('alter table churn drop column extra');
        await other.query('drop table churn');
      }
    })();
    const failures: string[] = [];
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
        await openDatabase({ databaseUrl, dataDir: '' }).then(
          (database) => database.close(),
          (error: unknown) => failures.push(String(error)),
        );
      }
    } finally {
      changing = false;
      await changes;
      await other.end();
    }
    expect(failures).toEqual([]);
  });

  it('instances migrating a brand-new schema at the same moment all succeed, and each migration runs once', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    // Each open has its own pool, as separate instances would; they start in the same tick.
    const opened = await Promise.allSettled(
      Array.from({ length: 6 }, () => openDatabase({ databaseUrl, dataDir: '' })),
    );
    const databases = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
      const first = databases[0];
      if (!first) throw new Error('no database opened');
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        first.db,
      );
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });

  it('013 finds the column and indexes an operator prepared beforehand, as docs/self-hosting.md shows', async () => {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const databaseUrl = await freshPostgresUrl(TEST_DATABASE_URL);
    // The schema as the version before 013 left it, then the operator's statements.
    const earlier = new Kysely<unknown>({
      dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
    });
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(earlier)).rows[0]
      ?.schema;
    const before013 = Object.fromEntries(
      Object.entries(migrations)
        .filter(([name]) => name < '013')
        .map(([name, build]) => [name, build('postgres')]),
    );
    const migrated = await new Migrator({
      db: earlier,
      provider: { getMigrations: () => Promise.resolve(before013) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    await sql`ALTER TABLE webhook_events ADD COLUMN stored_bytes bigint`.execute(earlier);
    await sql`CREATE INDEX CONCURRENTLY webhook_events_session_sizes ON webhook_events (session_id, id, stored_bytes, created_at)`.execute(
      earlier,
    );
    await sql`CREATE INDEX CONCURRENTLY webhook_events_created_at_session_id ON webhook_events (created_at, session_id)`.execute(
      earlier,
    );
    await earlier.destroy();

    const database = await openDatabase({ databaseUrl, dataDir: '' });
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      expect(applied.rows.map((row) => row.name)).toContain('013_session_storage');
      const suspended = await sql`select suspended_at from sessions`.execute(database.db);
      expect(suspended.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
