import type { Kysely, Migration } from 'kysely';

/**
 * `deleted_at`: when the inspector's owner deleted it (epoch ms, NULL: never). What it held is
 * removed at once; the row stays as a marker, so its URL answers 404 and its id is never handed
 * out again.
 */
export function inspectorRemovalMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('deleted_at', 'bigint').execute();
    },
  };
}
