import type { Kysely, Migration } from 'kysely';

/**
 * Scripted responses. response_rules: one row per session that ever saved rules, the rules as
 * JSON and a version bumped on every save. response_rule_counters: how many captures each rule of
 * one version has answered, shared by every instance; a save starts a new version, so its
 * sequences start again from the first response.
 */
export function responseRulesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('response_rules')
        .addColumn('session_id', 'text', (col) => col.primaryKey().references('sessions.session_id'))
        .addColumn('rules', 'text', (col) => col.notNull())
        .addColumn('version', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // No foreign key to response_rules: a capture counting under a version that a save has just
      // replaced only leaves a row that nothing reads and the next save deletes.
      await db.schema
        .createTable('response_rule_counters')
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('version', 'bigint', (col) => col.notNull())
        .addColumn('rule_index', 'integer', (col) => col.notNull())
        .addColumn('matches', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('response_rule_counters_pk', ['session_id', 'version', 'rule_index'])
        .execute();
    },
  };
}
