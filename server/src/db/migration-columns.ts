/**
 * Runs of columns that tables of more than one migration share, written once. Each helper adds its
 * columns in the order those migrations made them, so the SQL a migration runs is what it always
 * was: change none of them, for a released migration must go on making the same table.
 */
import type { CreateTableBuilder } from 'kysely';

/** A delivery endpoint's switch: on or off, why off, and the failed messages in a row that turn it off (018, 034). */
export function addSwitchColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failed_messages', 'integer', (col) => col.notNull().defaultTo(0));
}

/** How the last delivery attempt went, then when the row was made: endpoints and queued messages end so (018, 034). */
export function addLastAttemptColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull());
}

/** A token link's id, owner and the SHA-256 of its token, which alone is kept (032, 037). */
export function addTokenColumns<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique());
}

/** A token link's life: made, expiring, last used, revoked (032, 037). */
export function addTokenLifeColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint');
}
