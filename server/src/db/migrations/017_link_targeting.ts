import type { Kysely, Migration } from 'kysely';

/**
 * Link targeting: short_links.forward_query (1: the visit's query string goes on to the
 * destination), short_links.targeting_rules (the ordered rules as JSON, null when there are none)
 * and short_link_clicks.rule_id (the rule that sent the click, null for the link's own destination).
 */
export function linkTargetingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema
        .alterTable('short_links')
        .addColumn('forward_query', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('short_links').addColumn('targeting_rules', 'text').execute();
      await db.schema.alterTable('short_link_clicks').addColumn('rule_id', 'text').execute();
    },
  };
}
