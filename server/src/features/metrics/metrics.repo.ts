import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { storedBytesTotal } from '../webhooks/retention.js';

export interface MetricsRepo {
  /** Bytes of every captured request kept (bodies and headers), as the storage limits count them. */
  storedBytes(): Promise<number>;
}

export function createMetricsRepo(db: Kysely<DatabaseSchema>): MetricsRepo {
  // Reads the index of (session_id, id, stored_bytes, created_at), not the rows' bodies.
  return { storedBytes: () => storedBytesTotal(db) };
}
