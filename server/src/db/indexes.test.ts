/**
 * Every index costs each insert an entry. An index whose columns begin another index on the same
 * table (neither partial nor unique, which make them answer other questions) only costs: the longer
 * one answers every query the shorter one did. Checked on the migrated schema of both stores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl, TEST_DATABASE_URL } from '../../test/app.js';
import { openDatabase } from './connection.js';

interface PlainIndex {
  table: string;
  name: string;
  columns: string[];
}

/** SQLite's indexes on columns alone, neither unique nor partial. */
async function sqliteIndexes(db: Kysely<unknown>): Promise<PlainIndex[]> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const indexes: PlainIndex[] = [];
  for (const { name: table } of tables.rows) {
    const listed = await sql<{ name: string; unique: number; partial: number }>`
      select name, "unique", partial from pragma_index_list(${table})`.execute(db);
    for (const index of listed.rows.filter((each) => !each.unique && !each.partial)) {
      const columns = await sql<{ name: string | null }>`
        select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      if (columns.rows.some((column) => column.name === null)) continue; // an expression
      indexes.push({ table, name: index.name, columns: columns.rows.map((column) => column.name ?? '') });
    }
  }
  return indexes;
}

/** PostgreSQL's indexes in the store's own schema on columns alone, neither unique nor partial. */
async function postgresIndexes(db: Kysely<unknown>): Promise<PlainIndex[]> {
  const rows = await sql<PlainIndex>`
    select t.relname as "table", i.relname as name,
      array(select a.attname from unnest(x.indkey) with ordinality as k(attnum, place)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
            order by k.place)::text[] as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and not x.indisunique and x.indpred is null
      and x.indexprs is null`.execute(db);
  return rows.rows;
}

/** Pairs "shorter ⊑ longer" where the shorter index's columns begin the longer one's. */
function prefixPairs(indexes: PlainIndex[]): string[] {
  return indexes.flatMap((shorter) =>
    indexes
      .filter(
        (longer) =>
          longer !== shorter &&
          longer.table === shorter.table &&
          longer.columns.length >= shorter.columns.length &&
          shorter.columns.every((column, place) => longer.columns[place] === column),
      )
      .map((longer) => `${shorter.table}: ${shorter.name} begins ${longer.name}`),
  );
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const stores = [
  {
    name: 'SQLite',
    open: () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-indexes-'));
      folders.push(dataDir);
      return openDatabase({ databaseUrl: null, dataDir });
    },
    indexes: sqliteIndexes,
  },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          open: async () =>
            openDatabase({ databaseUrl: await freshPostgresUrl(TEST_DATABASE_URL ?? ''), dataDir: '' }),
          indexes: postgresIndexes,
        },
      ]
    : []),
];

describe.each(stores)('indexes on $name', ({ open, indexes }) => {
  it('no index is only the beginning of another on the same table', async () => {
    const database = await open();
    try {
      const found = await indexes(database.db as Kysely<unknown>);
      // The query itself sees the tables' indexes (webhook_events has several).
      expect(found.filter((index) => index.table === 'webhook_events').length).toBeGreaterThan(0);
      expect(prefixPairs(found)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
