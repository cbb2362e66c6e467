/**
 * Who sent each request, worked out once per event object, and which requests repeat a delivery seen
 * earlier. Redeliveries are found among the requests this page has loaded: a provider's retry of a
 * delivery older than the loaded pages is not marked.
 */
import { recogniseWebhook, type WebhookOrigin } from '../../../../../shared/providers';
import type { WebhookEvent } from '../../../../../shared/webhooks';

// Events are immutable once received, so the answer for an event object never changes.
const cache = new WeakMap<WebhookEvent, WebhookOrigin>();

export function originOf(event: WebhookEvent): WebhookOrigin {
  let origin = cache.get(event);
  if (!origin) {
    origin = recogniseWebhook(event.headers, event.payload);
    cache.set(event, origin);
  }
  return origin;
}

/** Ids of the events whose provider delivery id already came with an earlier (smaller id) event. */
export function findRedeliveries(events: readonly WebhookEvent[]): Set<number> {
  const firstIdByDelivery = new Map<string, number>();
  for (const event of events) {
    const { provider, deliveryId } = originOf(event);
    if (!provider || !deliveryId) continue;
    const key = `${provider} ${deliveryId}`;
    firstIdByDelivery.set(key, Math.min(firstIdByDelivery.get(key) ?? event.id, event.id));
  }
  const redeliveries = new Set<number>();
  for (const event of events) {
    const { provider, deliveryId } = originOf(event);
    if (!provider || !deliveryId) continue;
    if (firstIdByDelivery.get(`${provider} ${deliveryId}`) !== event.id) redeliveries.add(event.id);
  }
  return redeliveries;
}
