import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { storedBytesSql } from '../webhooks/retention.js';

export interface MetricsRepo {
  /** Bytes of every captured request kept (bodies and headers), as the storage limits count them. */
  storedBytes(): Promise<number>;
}

export function createMetricsRepo(db: Kysely<DatabaseSchema>): MetricsRepo {
  return {
    async storedBytes() {
      // Reads the index of (session_id, id, stored_bytes, created_at), not the rows' bodies.
      const row = await db
        .selectFrom('webhook_events as event')
        .select(sql<number | string | null>`sum(${storedBytesSql(db, 'event')})`.as('bytes'))
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },
  };
}
