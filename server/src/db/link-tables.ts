/** The short links' tables, as Kysely sees them (see schema.ts for the conventions). */
import type { Generated } from 'kysely';
import type { DeliveryEndpointColumns } from './delivery-tables.js';

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

/** A session's click webhook endpoint (migration 018, dropped_messages 026); `link_id` null covers all its links. */
export interface LinkWebhooksTable extends DeliveryEndpointColumns {
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
  created_at: number;
  /** When the endpoint's own link was deleted; it receives nothing more from then on (migration 027). */
  link_deleted_at: number | null;
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
