/**
 * Every index costs each insert an entry. An index whose columns begin another index on the same
 * table (neither partial nor unique, which make them answer other questions) only costs: the longer
 * one answers every query the shorter one did. Checked on the migrated schema of both stores.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPostgresUrl, storageBackends, TEST_DATABASE_URL, testConfig } from '../../test/app.js';
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

describe.each(storageBackends)('indexes on $name', ({ postgres }) => {
  it('no index is only the beginning of another on the same table', async () => {
    const databaseUrl = postgres ? await freshPostgresUrl(TEST_DATABASE_URL ?? '') : null;
    const database = await openDatabase({ databaseUrl, dataDir: testConfig().dataDir });
    try {
      const db = database.db as Kysely<unknown>;
      const found = await (postgres ? postgresIndexes(db) : sqliteIndexes(db));
      // The query itself sees the tables' indexes (webhook_events has several).
      expect(found.filter((index) => index.table === 'webhook_events').length).toBeGreaterThan(0);
      expect(prefixPairs(found)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
