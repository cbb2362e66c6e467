import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

export function sessionIpsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The address a session was created from, kept only while it counts toward the per-minute
      // limit on new sessions; later inserts clear it.
      await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
      await db.schema
        .createIndex('sessions_ip_created_at')
        .on('sessions')
        .columns(['ip', 'created_at'])
        .execute();
      // Small by construction (only the last minute's sessions keep an address): finds what to clear.
      await db.schema
        .createIndex('sessions_created_at_with_ip')
        .on('sessions')
        .column('created_at')
        .where(sql<boolean>`ip is not null`)
        .execute();
    },
  };
}
