import type { Kysely, Migration } from 'kysely';

/** response_rule: the 1-based position of the scripted response rule that answered, when one did. */
export function responseRuleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_events').addColumn('response_rule', 'integer').execute();
    },
  };
}
