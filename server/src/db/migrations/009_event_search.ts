import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * PostgreSQL: the event search reads bodies as text, but bodies are stored as bytes and
 * convert_from fails on any that is not UTF-8. This function answers NULL for those instead, so
 * they are searched by their headers, path and query alone; the search uses it once convert_from
 * has failed (webhooks/event-search.ts). SQLite gets its search function from the server process.
 */
export function eventSearchMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create or replace function hookbay_body_text(body bytea) returns text
        language plpgsql immutable strict as $$
        begin
          return convert_from(body, 'UTF8');
        exception when character_not_in_repertoire or untranslatable_character then
          return null;
        end $$`.execute(db);
    },
  };
}
