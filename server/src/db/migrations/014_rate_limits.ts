import type { Kysely, Migration } from 'kysely';

/**
 * rate_limits: one counter per limit and subject (`new-sessions:203.0.113.7`), counted by every
 * instance through one atomic upsert, and removed once its window has passed. Every limit counts
 * here now, so the rows and columns the limits used to count from go: the link creation and wrong
 * password logs, and the addresses kept on sessions and suggestions for their limits.
 */
export function rateLimitsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .addColumn('resets_at', 'bigint', (col) => col.notNull())
        .execute();
      // The periodic clean-up deletes by expiry.
      await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();

      await db.schema.dropTable('short_link_creations').execute();
      await db.schema.dropTable('short_link_password_failures').execute();
      // SQLite drops a column only once no index uses it.
      await db.schema.dropIndex('sessions_ip_created_at').execute();
      await db.schema.dropIndex('sessions_created_at_with_ip').execute();
      await db.schema.alterTable('sessions').dropColumn('ip').execute();
      await db.schema.dropIndex('suggestions_ip_created_at').execute();
      await db.schema.alterTable('suggestions').dropColumn('ip').execute();
    },
  };
}
