/**
 * Recognises who sent a captured webhook (GitHub, Stripe, …) from its headers and parsed body:
 * the provider, the event type and the provider's delivery id. Pure, for server and browser.
 */
import type { HeaderMap } from './webhooks.js';

export const PROVIDERS = [
  'github',
  'gitlab',
  'stripe',
  'shopify',
  'slack',
  'twilio',
  'standard-webhooks',
] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Record<Provider, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  stripe: 'Stripe',
  shopify: 'Shopify',
  slack: 'Slack',
  twilio: 'Twilio',
  'standard-webhooks': 'Standard Webhooks',
};

export interface WebhookOrigin {
  /** null: no known provider's headers (a generic request). */
  provider: Provider | null;
  /** The event as the provider names it ("push", "issues.opened", "invoice.paid"), or null. */
  eventType: string | null;
  /** The provider's id of this delivery; the same id again means the provider sent it again. */
  deliveryId: string | null;
}

/** The first value of a header, looked up without regard to case; null when absent or empty. */
export function headerValue(headers: HeaderMap, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first ? first : null;
  }
  return null;
}

/** A string field of a JSON object body, or null when the body or the field is something else. */
function field(payload: unknown, ...path: string[]): string | null {
  let current: unknown = payload;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current !== '' ? current : null;
}

function origin(provider: Provider, eventType: string | null, deliveryId: string | null): WebhookOrigin {
  return { provider, eventType, deliveryId };
}

/**
 * Says which provider sent a request, judging by the headers each provider always sets, and reads its
 * event type and delivery id. `payload` is the body parsed as JSON (null when it is not JSON). A request
 * no rule matches gives `{ provider: null, eventType: null, deliveryId: null }`.
 */
export function recogniseWebhook(headers: HeaderMap, payload: unknown): WebhookOrigin {
  const header = (name: string) => headerValue(headers, name);

  const githubEvent = header('X-GitHub-Event');
  if (githubEvent) {
    const action = field(payload, 'action');
    return origin('github', action ? `${githubEvent}.${action}` : githubEvent, header('X-GitHub-Delivery'));
  }
  const gitlabEvent = header('X-Gitlab-Event');
  if (gitlabEvent) return origin('gitlab', gitlabEvent, header('X-Gitlab-Event-UUID'));
  if (header('Stripe-Signature')) return origin('stripe', field(payload, 'type'), field(payload, 'id'));
  const shopifyTopic = header('X-Shopify-Topic');
  if (shopifyTopic) return origin('shopify', shopifyTopic, header('X-Shopify-Webhook-Id'));
  if (header('X-Slack-Signature')) {
    return origin('slack', field(payload, 'event', 'type') ?? field(payload, 'type'), null);
  }
  if (header('X-Twilio-Signature')) return origin('twilio', null, null);
  const webhookId = header('webhook-id');
  if (webhookId && header('webhook-signature') && header('webhook-timestamp')) {
    return origin('standard-webhooks', field(payload, 'type'), webhookId);
  }
  return { provider: null, eventType: null, deliveryId: null };
}
