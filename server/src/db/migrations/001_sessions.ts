import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

export function sessionsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('session_id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().unique())
        .addColumn('referrer', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
