/**
 * Table shapes as Kysely sees them. Columns are snake_case; repos turn rows into camelCase objects.
 * Booleans are stored as 0/1 integers and times as epoch milliseconds so both dialects read the same.
 */
import type { ColumnType, Generated } from 'kysely';
import type {
  DeliveryMessagesTable,
  RelayAttemptsTable,
  RelayDestinationsTable,
  ReplayJobsTable,
} from './delivery-tables.js';
import type {
  LinkChecksTable,
  LinkSharesTable,
  LinkWebhooksTable,
  OrphanVisitsTable,
  RetiredAliasesTable,
  ShortLinkClickCountsTable,
  ShortLinkClicksTable,
  ShortLinkTagsTable,
  ShortLinkVisitorSaltsTable,
  ShortLinksTable,
} from './link-tables.js';

export type * from './delivery-tables.js';
export type * from './link-tables.js';

export interface SessionsTable {
  session_id: string;
  user_id: string;
  referrer: string | null;
  created_at: number;
  /** Set while an admin has suspended the session's webhook URL (migration 013); optional on insert. */
  suspended_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 while the session id alone gives no access, only a key does (migration 015). */
  is_private: ColumnType<number, number | undefined, number>;
  /** The inspector's name, its second webhook URL address; unique (migration 030). */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the inspector is removed, epoch ms; null: never (migration 030). */
  expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Requests kept at most; null: only the instance's limits (migration 030). */
  max_requests: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 while captures answer with open CORS headers (migration 030). */
  open_cors: ColumnType<number, number | undefined, number>;
  /** When its owner deleted the inspector, epoch ms; null: never (migration 033). */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** The session's event stored just before this one (null for its first, and for rows older than this column). */
  previous_id: number | null;
  /** Status the sender was answered with; null while a forwarder's answer is awaited, and on old rows. */
  response_status: number | null;
  /** 'default' | 'rule' | 'forwarder' | 'error'; null on rows stored before responses were recorded. */
  response_source: string | null;
  /** The 1-based position of the scripted response rule that answered, when one did. */
  response_rule: number | null;
  /**
   * Bytes the capture keeps: body plus the raw_headers text (migration 013). Null on rows stored
   * before it; those are measured from the row where sizes are summed.
   */
  stored_bytes: number | null;
  /** JSON of the last forwarder's report (`{status, ms}` or `{error, ms}`); null until one reports (migration 016). */
  forwarded: string | null;
  /** 'valid' | 'invalid' when a signing secret judged the request; null otherwise (migration 023). */
  signature_status: string | null;
  /** 'pass' | 'fail' when a contract judged the request; null otherwise (migration 023). */
  contract_status: string | null;
  /** JSON of the request's EventVerdicts; null when nothing judged it (migration 023). */
  verdicts: string | null;
  /** JSON of the answering rule's CallbackResult; null when it had no callback (migration 035). */
  callback: string | null;
}

export interface SuggestionsTable {
  id: Generated<number>;
  session_id: string;
  title: string;
  description: string;
  category: string;
  email: string | null;
  status: string;
  admin_notes: string | null;
  created_at: number;
  updated_at: number;
}

export interface AdminSessionsTable {
  session_id: string;
  is_admin: number;
  /** Signed into admin cookies; bumped on revoke so every earlier cookie stops working. */
  generation: number;
  updated_at: number;
}

export interface AdminClaimTokensTable {
  /** sha256 of the one-time token, hex; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  /** The session's admin generation when the link was made; a revoke in between voids the link. */
  generation: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A session's contracts, in `position` order (migration 024). */
export interface ContractsTable {
  id: string;
  session_id: string;
  position: number;
  name: string;
  path: string;
  method: string;
  header_name: string | null;
  header_value: string | null;
  /** The JSON Schema as JSON text. */
  schema: string;
  source: string;
  created_at: number;
}

/** A session's scripted response rules (migration 008); `version` grows with every save. */
/** A session's signing secrets, listed by created_at (migration 023). */
export interface SigningSecretsTable {
  id: string;
  session_id: string;
  name: string;
  scheme: string;
  /** JSON of the custom HMAC settings (header, hash, encoding, prefix); null for the providers' schemes. */
  custom: string | null;
  path: string;
  tolerance_seconds: number;
  refuse_invalid: number;
  /** The secret as given: the server computes HMACs with it, so it cannot be hashed. */
  secret: string;
  created_at: number;
}

export interface ResponseRulesTable {
  session_id: string;
  /** JSON array of rules, defaults filled in. */
  rules: string;
  version: number;
  updated_at: number;
}

/** Captures answered so far by one rule of one saved version of a session's rules. */
export interface ResponseRuleCountersTable {
  session_id: string;
  version: number;
  rule_index: number;
  matches: number;
}

/** One counter of one limit (migration 014): `key` is the limit's name and whom it counts. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Epoch ms when the window ends: the counter starts again from 1 after it, and may be removed. */
  resets_at: number;
}

/** A session's API keys (migration 015); only the key's SHA-256 is kept. */
export interface ApiKeysTable {
  /** The 16 hex digits inside the key (`hbk_<id>_<secret>`). */
  id: string;
  session_id: string;
  name: string;
  /** SHA-256 of the whole key, hex. */
  key_hash: string;
  created_at: number;
  /** Written at most once a minute per key. */
  last_used_at: number | null;
  /** 'full' or 'read' (shared/access.ts KEY_SCOPES). */
  scope: Generated<string>;
}

export interface ShareLinksTable {
  /** The 16 hex digits inside the token (`hbs_<id>_<secret>`). */
  id: string;
  session_id: string;
  /** SHA-256 of the whole token, hex. */
  token_hash: string;
  /** The shared request, or null for the whole inspector. */
  event_id: number | null;
  /** JSON list of extra header names to hide. */
  redact_headers: string;
  show_secrets: number;
  created_at: number;
  expires_at: number;
  /** Written at most once a minute per link. */
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface DatabaseSchema {
  sessions: SessionsTable;
  webhook_events: WebhookEventsTable;
  short_links: ShortLinksTable;
  short_link_clicks: ShortLinkClicksTable;
  short_link_click_counts: ShortLinkClickCountsTable;
  short_link_tags: ShortLinkTagsTable;
  short_link_visitor_salts: ShortLinkVisitorSaltsTable;
  suggestions: SuggestionsTable;
  admin_sessions: AdminSessionsTable;
  admin_claim_tokens: AdminClaimTokensTable;
  settings: SettingsTable;
  response_rules: ResponseRulesTable;
  signing_secrets: SigningSecretsTable;
  contracts: ContractsTable;
  response_rule_counters: ResponseRuleCountersTable;
  rate_limits: RateLimitsTable;
  replay_jobs: ReplayJobsTable;
  api_keys: ApiKeysTable;
  share_links: ShareLinksTable;
  link_shares: LinkSharesTable;
  link_checks: LinkChecksTable;
  link_webhooks: LinkWebhooksTable;
  delivery_messages: DeliveryMessagesTable;
  relay_destinations: RelayDestinationsTable;
  relay_attempts: RelayAttemptsTable;
  orphan_visits: OrphanVisitsTable;
  retired_aliases: RetiredAliasesTable;
}
