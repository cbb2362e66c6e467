/**
 * Table shapes as Kysely sees them. Columns are snake_case; repos turn rows into camelCase objects.
 * Booleans are stored as 0/1 integers and times as epoch milliseconds so both dialects read the same.
 */
import type { ColumnType, Generated } from 'kysely';

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

export interface ShortLinksTable {
  /** 7 random characters (short-links/link-id.ts) or the alias its owner chose. */
  id: string;
  owner_session_id: string;
  url: string;
  /** People's clicks; bots are stored as click rows but not counted here. */
  clicks: number;
  created_at: number;
  /** 1 when the id was chosen by the owner (migration 010). */
  is_alias: Generated<number>;
  expires_at: number | null;
  max_clicks: number | null;
  /** scrypt, see short-links/password.ts. */
  password_hash: string | null;
  /** Set by an admin; a disabled link answers 410. */
  disabled_at: number | null;
  /** 1: the visit's query string goes on to the destination (migration 017). */
  forward_query: Generated<number>;
  /** The ordered targeting rules as JSON; null when there are none (migration 017). */
  targeting_rules: string | null;
  /** The owner's own id for the link, unique per session (migration 019). */
  external_id: string | null;
  /** The owner's note (migration 020). */
  note: string | null;
  /** The social card link previews show (migration 021); all null: none. */
  card_title: string | null;
  card_description: string | null;
  card_image: string | null;
  /** 301, 302, 307 or 308; null answers 302 (migration 027). */
  redirect_status: number | null;
  /** Where a closed or not yet active link sends visitors; null for its page (migration 027). */
  fallback_url: string | null;
  /** Before it the link is not active yet; null for at once (migration 027). */
  starts_at: number | null;
  /** The A/B split as JSON ({variants, sticky}); null for none (migration 028). */
  split: string | null;
}

/** One tag of a link, lower-cased (migration 020). */
export interface ShortLinkTagsTable {
  url_id: string;
  session_id: string;
  tag: string;
}

export interface ShortLinkClicksTable {
  id: Generated<number>;
  url_id: string;
  created_at: number;
  ip: string | null;
  /** 1 once `ip` has been cut to its network part. */
  ip_anonymized: number;
  city: string | null;
  region: string | null;
  country: string | null;
  isp: string | null;
  user_agent: string | null;
  referer: string | null;
  is_bot: number;
  bot_reason: string | null;
  /** The targeting rule that sent the click; null for the link's own destination (migration 017). */
  rule_id: string | null;
  /** A person's visitor hash of that day (short-links/visitor-hash.ts); null for bots and older clicks. */
  visitor_hash: string | null;
  /** The split's variant that received the click; null when no split chose it (migration 028). */
  variant_id: string | null;
}

/** One random salt per UTC day for the visitor hashes, deleted after 48 hours (migration 021). */
export interface ShortLinkVisitorSaltsTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** 32 random bytes, hex. */
  salt: string;
  created_at: number;
}

/**
 * Per link and UTC day click counters kept by the click writer (migration 006). `dimension` is
 * 'country', 'referer' or 'user_agent' (people's clicks by that value), 'rule' (people a targeting
 * rule sent, by rule id; migration 017) or 'bot' (value ''); a missing value is ''.
 * 'country', 'referer' or 'user_agent' (people's clicks by that value) or 'bot' (value '');
 * a missing value is ''. Migration 021 adds 'visitor' (value: a visitor hash, one row per visitor
 * and day) and 'ip-visitors' (value '': distinct IPs of that day's clicks stored before it).
 */
export interface ShortLinkClickCountsTable {
  url_id: string;
  dimension: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  value: string;
  clicks: number;
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

export interface LinkSharesTable {
  /** The 16 hex digits inside the token (`hbl_<id>_<secret>`). */
  id: string;
  session_id: string;
  /** SHA-256 of the whole token, hex. */
  token_hash: string;
  /** The shared short link, or null for a tag. */
  link_id: string | null;
  /** The shared tag (lower case), or null for a link. */
  tag: string | null;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The latest check of a short link's destination. */
export interface LinkChecksTable {
  link_id: string;
  session_id: string;
  /** The destination checked; a check of an older destination is not shown. */
  destination: string;
  checked_at: number;
  ok: number;
  status: number | null;
  error: string | null;
  /** JSON list of the hops: [{url, status}]. */
  chain: string;
  duration_ms: number;
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

/** A session's click webhook endpoint (migration 018); `link_id` null covers all its links. */
export interface LinkWebhooksTable {
  id: string;
  session_id: string;
  link_id: string | null;
  url: string;
  /** Comma-separated event names. */
  events: string;
  /** `whsec_` and the base64 key. */
  secret: string;
  /** Where the session's short links live (`{apiBase}/s/{id}`), as seen when the endpoint was made. */
  api_base: string;
  enabled: number;
  disabled_reason: string | null;
  /** Messages in a row that failed every attempt; a delivery resets it. */
  failed_messages: number;
  /** Messages dropped because the endpoint's queue was full (migration 026). */
  dropped_messages: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  created_at: number;
  /** When the endpoint's own link was deleted; it receives nothing more from then on (migration 027). */
  link_deleted_at: number | null;
}

/**
 * One message for one endpoint of the delivery outbox: queued, then delivered, failed or dropped
 * (migration 018 as link_webhook_messages, renamed and given `kind` and `event_id` by 034).
 */
export interface DeliveryMessagesTable {
  id: Generated<number>;
  /** 'link' (a click webhook endpoint) or 'relay' (a relay destination). */
  kind: Generated<string>;
  endpoint_id: string;
  /** The `webhook-id` header, the same on every attempt. */
  message_id: string;
  type: string;
  /** The JSON body sent ('' for a relay: it sends the captured request `event_id`). */
  payload: string;
  event_id: number | null;
  status: string;
  attempts: number;
  next_at: number;
  claim: string | null;
  claimed_until: number | null;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  created_at: number;
}

/** A session's relay destination (migration 034). */
export interface RelayDestinationsTable {
  id: string;
  session_id: string;
  url: string;
  /** 'sign' | 'headers' */
  mode: string;
  /** `whsec_` and the base64 key, in 'sign' mode. */
  secret: string | null;
  /** Comma-separated methods; '' for any. */
  filter_methods: string;
  filter_path: string | null;
  filter_q: string | null;
  enabled: number;
  disabled_reason: string | null;
  failed_messages: number;
  dropped_messages: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  created_at: number;
}

/** One attempt to pass a captured request on to a relay destination (migration 034). */
export interface RelayAttemptsTable {
  id: Generated<number>;
  session_id: string;
  destination_id: string;
  event_id: number;
  message_id: string;
  attempt: number;
  state: string;
  status: number | null;
  error: string | null;
  at: number;
}

/** A bulk replay (migration 031); `results` is a JSON list of ReplayJobResult. */
export interface ReplayJobsTable {
  id: string;
  session_id: string;
  url: string;
  per_minute: number;
  status: string;
  total: number;
  results: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A visit to a short link that does not exist (migration 036); no IP address is kept. */
export interface OrphanVisitsTable {
  id: Generated<number>;
  alias: string;
  /** The session that deleted or renamed away the alias; null for none. */
  session_id: string | null;
  visited_at: number;
  referer: string | null;
  user_agent: string | null;
}

/** The session that last deleted or renamed away an alias (migration 036). */
export interface RetiredAliasesTable {
  alias: string;
  session_id: string;
  retired_at: number;
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
