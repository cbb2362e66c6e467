import type { Kysely, Migration } from 'kysely';

/**
 * Contracts: the JSON Schemas a session checks its captured JSON bodies against, in list order
 * (`position`), each for a path glob, a method and optionally one header value. `schema` is the
 * JSON Schema as JSON text; `source` says whether it was written as one or imported from OpenAPI.
 */
export function contractsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contracts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('header_name', 'text')
        .addColumn('header_value', 'text')
        .addColumn('schema', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('contracts_session_position')
        .on('contracts')
        .columns(['session_id', 'position'])
        .execute();
    },
  };
}
