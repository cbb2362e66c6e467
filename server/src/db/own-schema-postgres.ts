/**
 * PostgreSQL as Hookbay opens it: Kysely's dialect, but asked which tables exist, it looks only in
 * the connection's own schema (the first of its search_path). Kysely's migrator asks that before
 * every run, and Kysely's own answer reads the columns of every schema in the database through
 * `pg_get_serial_sequence`, which fails ("column … does not exist") when another schema drops a
 * column or a table during the read: another application migrating the same database, or another
 * Hookbay instance on a schema of its own, stopped this one from starting.
 */
import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Tables and views of the current schema, by name; columns are not listed (the migrator needs names). */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(): Promise<TableMetadata[]> {
    const result = await sql<{ name: string; schema: string; is_view: boolean }>`
      select c.relname as name, ns.nspname as schema, c.relkind = 'v' as is_view
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.#db);
    return result.rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.is_view,
      columns: [],
    }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
