/**
 * Which message a delivery belongs to. Retries of one message carry the same delivery id: the
 * provider's own (X-GitHub-Delivery, X-Gitlab-Event-UUID, Stripe's event id in the body,
 * X-Shopify-Webhook-Id, Standard Webhooks' webhook-id) as shared/providers.ts reads it, else a
 * bare `webhook-id` header. A delivery without any id is keyed by its body, since a retry
 * resends the same bytes.
 */
import { createHash } from 'node:crypto';
import { headerValue, recogniseWebhook } from '../../../../shared/providers.js';
import type { HeaderMap } from '../../../../shared/webhooks.js';

export interface MessageKey {
  /** The key deliveries are grouped by: `id:<delivery id>` or `body:<sha-256 of the body>`. */
  key: string;
  /** The delivery id the sender gave, or null when it gave none. */
  deliveryId: string | null;
  /** The header (or body field) the id was read from, for the report's explanation. */
  source: string | null;
}

/** Where each provider keeps its delivery id, by the provider recogniseWebhook names. */
const ID_SOURCES: Record<string, string> = {
  github: 'X-GitHub-Delivery',
  gitlab: 'X-Gitlab-Event-UUID',
  stripe: 'the event id in the body',
  shopify: 'X-Shopify-Webhook-Id',
  'standard-webhooks': 'webhook-id',
};

export function bodyDigest(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** The delivery's message; `payload` is the body parsed as JSON, or null. */
export function messageKeyOf(headers: HeaderMap, payload: unknown, body: Buffer | string): MessageKey {
  const origin = recogniseWebhook(headers, payload);
  if (origin.deliveryId && origin.provider) {
    return {
      key: `id:${origin.deliveryId}`,
      deliveryId: origin.deliveryId,
      source: ID_SOURCES[origin.provider] ?? null,
    };
  }
  const webhookId = headerValue(headers, 'webhook-id');
  if (webhookId) return { key: `id:${webhookId}`, deliveryId: webhookId, source: 'webhook-id' };
  return { key: `body:${bodyDigest(body)}`, deliveryId: null, source: null };
}

/** The body parsed as JSON, or null when it is not JSON. */
export function parseJson(body: Buffer | string): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return null;
  }
}
