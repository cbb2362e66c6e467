/**
 * The two stores by name, and the few places where SQLite and PostgreSQL column types differ.
 * Below both the connection and the migrations, so that neither has to import the other for it.
 */
import type { CreateTableBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** An auto-incrementing integer primary key named `id`. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Column type for raw bytes. */
export function bytesType(dialect: DialectName): 'bytea' | 'blob' {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}
