/** The tables of deliveries made from the server: click webhooks, relays, replays (see schema.ts). */
import type { Generated } from 'kysely';

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

/**
 * What the delivery engine keeps on each endpoint, alike in every endpoint table (link_webhooks,
 * relay_destinations): its switch and the health of its deliveries.
 */
export interface DeliveryEndpointColumns {
  enabled: number;
  disabled_reason: string | null;
  /** Messages in a row that failed every attempt; a delivery resets it. */
  failed_messages: number;
  /** Messages dropped because the endpoint's queue was full. */
  dropped_messages: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
}

/** A session's relay destination (migration 034). */
export interface RelayDestinationsTable extends DeliveryEndpointColumns {
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
