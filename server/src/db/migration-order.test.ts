/**
 * Migrations come from work done side by side, so their numbers can collide or arrive out of order.
 * These tests hold the list in index.ts to the files in the folder, and check that a database
 * built in one go ends with the same schema as one that took every migration as a release of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl, TEST_DATABASE_URL } from '../../test/app.js';
import { openDatabase } from './connection.js';
import { OwnSchemaPostgresDialect } from './own-schema-postgres.js';
import type { DialectName } from './dialect.js';
import { migrations } from './migrations/index.js';

const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const INDEX_SOURCE = fs.readFileSync(path.join(FOLDER, 'index.ts'), 'utf8');
/** A migration file: three digits, an underscore, a name. */
const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.ts$/;

/** The names listed in index.ts's `migrations` object, in the order they are written there. */
function listedNames(): string[] {
  const body = INDEX_SOURCE.slice(INDEX_SOURCE.indexOf('export const migrations'));
  return [...body.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] ?? '');
}

describe('the migrations list', () => {
  const files = fs
    .readdirSync(FOLDER)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts'));

  it('names every file in the folder as NNN_name.ts', () => {
    expect(files.filter((file) => !MIGRATION_FILE.test(file))).toEqual([]);
  });

  it('lists every file in the folder, each once, and imports each from its own file', () => {
    const names = listedNames();
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(files.map((file) => file.replace(/\.ts$/, '')).sort());
    expect(Object.keys(migrations)).toEqual(names);
    const imported = [...INDEX_SOURCE.matchAll(/from '\.\/(\d{3}_[a-z0-9_]+)\.js'/g)].map(
      (match) => match[1],
    );
    expect([...imported].sort()).toEqual([...names].sort());
  });

  it('numbers the migrations strictly increasing, no number used twice, in the order they run', () => {
    const names = listedNames();
    const numbers = names.map((name) => Number(name.slice(0, 3)));
    const collisions = numbers.filter((number, index) => numbers.indexOf(number) !== index);
    expect(collisions).toEqual([]);
    expect(numbers.every((number, index) => index === 0 || number > (numbers[index - 1] ?? 0))).toBe(true);
    // Kysely runs migrations in name order: the written order must be that order.
    expect(names).toEqual([...names].sort());
    expect(numbers[0]).toBe(1);
  });
});

/** A store to migrate: opened anew for each step, as a server restarted on a new release would. */
interface Store {
  dialect: DialectName;
  open(): Kysely<unknown>;
  /** Where Kysely keeps its bookkeeping (PostgreSQL: the test's own schema). */
  schema: string | undefined;
  /** What openDatabase is given to open the same store. */
  options: { databaseUrl: string | null; dataDir: string };
}

function sqliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-migrations-'));
  const file = path.join(dataDir, 'hookbay.db');
  return {
    dialect: 'sqlite',
    schema: undefined,
    options: { databaseUrl: null, dataDir },
    open: () => {
      const database = new SQLite(file);
      database.pragma('foreign_keys = ON');
      return new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
    },
  };
}

async function postgresStore(baseUrl: string): Promise<Store> {
  const databaseUrl = await freshPostgresUrl(baseUrl);
  const open = () =>
    new Kysely<unknown>({
      dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
    });
  const db = open();
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
    ?.schema;
  await db.destroy();
  return { dialect: 'postgres', schema, options: { databaseUrl, dataDir: '' }, open };
}

/** Applies the migrations one at a time, up to and including each in turn, reopening between steps. */
async function migrateStepByStep(store: Store): Promise<string[]> {
  const all: Record<string, Migration> = {};
  for (const [name, build] of Object.entries(migrations)) all[name] = build(store.dialect);
  const applied: string[] = [];
  for (const name of Object.keys(migrations)) {
    const db = store.open();
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(all) },
        ...(store.schema ? { migrationTableSchema: store.schema } : {}),
      });
      const { error, results } = await migrator.migrateTo(name);
      if (error) throw new Error(`migrating to ${name} failed: ${String(error)}`, { cause: error });
      applied.push(...(results ?? []).map((result) => `${result.migrationName} ${result.status}`));
    } finally {
      await db.destroy();
    }
  }
  return applied;
}

/** Tables, columns, indexes and constraints of the store, as text to compare; bookkeeping rows aside. */
async function schemaOf(store: Store): Promise<string[]> {
  const db = store.open();
  try {
    if (store.dialect === 'sqlite') {
      const rows = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
        select type, name, tbl_name, sql from sqlite_master
        where name not like 'sqlite_%' order by type, name`.execute(db);
      return rows.rows.map((row) => `${row.type} ${row.name} on ${row.tbl_name}: ${row.sql ?? ''}`);
    }
    const schema = store.schema ?? '';
    const columns = await sql<Record<string, unknown>>`
      select table_name, ordinal_position, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = ${schema}
      order by table_name, ordinal_position`.execute(db);
    const constraints = await sql<Record<string, unknown>>`
      select c.conrelid::regclass::text as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = ${schema} order by 1, 2`.execute(db);
    const indexes = await sql<Record<string, unknown>>`
      select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema}
      order by tablename, indexname`.execute(db);
    const text = (row: Record<string, unknown>) =>
      Object.values(row)
        .map((value) => String(value).replaceAll(`${schema}.`, ''))
        .join(' | ');
    return [
      ...columns.rows.map((row) => `column ${text(row)}`),
      ...constraints.rows.map((row) => `constraint ${text(row)}`),
      ...indexes.rows.map((row) => `index ${text(row)}`),
    ];
  } finally {
    await db.destroy();
  }
}

const backends: { name: string; make: () => Promise<Store> }[] = [
  { name: 'SQLite', make: () => Promise.resolve(sqliteStore()) },
  ...(TEST_DATABASE_URL ? [{ name: 'PostgreSQL', make: () => postgresStore(TEST_DATABASE_URL ?? '') }] : []),
];

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(backends)('migrations on $name', ({ make }) => {
  it('a database built in one go and one migrated release by release end with the same schema', async () => {
    const fresh = await make();
    const stepwise = await make();
    for (const store of [fresh, stepwise]) if (store.options.dataDir) folders.push(store.options.dataDir);

    const opened = await openDatabase(fresh.options);
    await opened.close();
    const steps = await migrateStepByStep(stepwise);
    // Each step ran exactly the one migration it was aimed at.
    expect(steps).toEqual(Object.keys(migrations).map((name) => `${name} Success`));

    const freshSchema = await schemaOf(fresh);
    expect(freshSchema.length).toBeGreaterThan(Object.keys(migrations).length);
    expect(await schemaOf(stepwise)).toEqual(freshSchema);
  }, 120_000);
});
