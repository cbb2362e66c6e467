import type { Kysely, Migration } from 'kysely';

/**
 * An inspector's own settings, on its session row. `name`: a second webhook URL address, unique
 * on the instance (NULLs never collide); `expires_at`: when the inspector and all it holds are
 * removed (epoch ms, NULL: never); `max_requests`: requests it keeps at most (NULL: the instance's
 * limit only); `open_cors`: 1 while captures answer with the open CORS headers.
 */
export function inspectorSettingsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('name', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('expires_at', 'bigint').execute();
      await db.schema.alterTable('sessions').addColumn('max_requests', 'integer').execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('open_cors', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('sessions_name').unique().on('sessions').column('name').execute();
      // The sweep's question: which inspectors have expired.
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
    },
  };
}
