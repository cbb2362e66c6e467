import type { Kysely, Migration } from 'kysely';

/**
 * Verdicts judged on arrival. webhook_events: signature_status ('valid' | 'invalid'),
 * contract_status ('pass' | 'fail') and verdicts (the whole verdicts as JSON), all null when nothing
 * judged the request. signing_secrets: a session's signing secrets in list order; the value is kept
 * as given, since the server computes HMACs with it.
 */
export function eventVerdictsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_events').addColumn('signature_status', 'text').execute();
      await db.schema.alterTable('webhook_events').addColumn('contract_status', 'text').execute();
      await db.schema.alterTable('webhook_events').addColumn('verdicts', 'text').execute();
      await db.schema
        .createTable('signing_secrets')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.session_id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('scheme', 'text', (col) => col.notNull())
        .addColumn('custom', 'text')
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('tolerance_seconds', 'integer', (col) => col.notNull())
        .addColumn('refuse_invalid', 'integer', (col) => col.notNull())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('signing_secrets_session')
        .on('signing_secrets')
        .columns(['session_id', 'created_at'])
        .execute();
    },
  };
}
