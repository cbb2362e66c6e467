/**
 * Table shapes as Kysely sees them. Columns are snake_case; repos turn rows into camelCase objects.
 * Booleans are stored as 0/1 integers and times as epoch milliseconds so both dialects read the same.
 */
import type { Generated } from 'kysely';

export interface SessionsTable {
  session_id: string;
  user_id: string;
  referrer: string | null;
  created_at: number;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  session_id: string;
  method: string;
  path: string;
  query_string: string;
  /** JSON array of [name, value] pairs exactly as received. */
  raw_headers: string;
  body: Buffer;
  size: number;
  truncated: number;
  content_type: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  is_deleted: number;
}

export interface DatabaseSchema {
  sessions: SessionsTable;
  webhook_events: WebhookEventsTable;
}
