import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, freshPostgresUrl } from '../../test/app.js';
import { openDatabase } from './connection.js';
import { migrations } from './migrations/index.js';

describe.runIf(TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
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
});
