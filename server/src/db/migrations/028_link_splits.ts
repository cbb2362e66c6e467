import type { Kysely, Migration } from 'kysely';

/**
 * A/B splits. short_links.split: the link's variants and whether a visitor keeps theirs, as JSON
 * ({"variants": [{"id", "destination", "weight"}], "sticky"}); null for no split.
 * short_link_clicks.variant_id: the variant a click was sent to; null when no split chose it. The
 * click writer counts people's clicks per variant under the counter dimension 'variant'.
 */
export function linkSplitsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('short_links').addColumn('split', 'text').execute();
      await db.schema.alterTable('short_link_clicks').addColumn('variant_id', 'text').execute();
    },
  };
}
