/**
 * Click webhooks of short links as the API carries them: the endpoint a session registers, the
 * deliveries it has had, and the body each delivery sends. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import type { LinkBrokenData } from './link-checks.js';

/** What an endpoint can subscribe to; each is sent as the `type` in the body's table below. */
export const LINK_WEBHOOK_EVENTS = [
  'click',
  'link.created',
  'link.updated',
  'link.deleted',
  'link.broken',
] as const;
export type LinkWebhookEvent = (typeof LINK_WEBHOOK_EVENTS)[number];

export const LINK_WEBHOOK_EVENT_LABELS: Record<LinkWebhookEvent, string> = {
  click: 'Clicks',
  'link.created': 'Link created',
  'link.updated': 'Link updated',
  'link.deleted': 'Link deleted',
  'link.broken': 'Destination broken',
};

/** The `type` of the delivered body for each event. */
export const LINK_WEBHOOK_TYPES = {
  click: 'link.clicked',
  'link.created': 'link.created',
  'link.updated': 'link.updated',
  'link.deleted': 'link.deleted',
  'link.broken': 'link.broken',
} as const satisfies Record<LinkWebhookEvent, string>;
export type LinkWebhookType = (typeof LINK_WEBHOOK_TYPES)[LinkWebhookEvent];

export const MAX_LINK_WEBHOOKS_PER_SESSION = 10;

/** Messages in a row that fail every attempt before an endpoint is disabled. */
export const FAILED_MESSAGES_TO_DISABLE = 5;
/** Messages waiting for one endpoint at most; beyond it the oldest waiting ones are dropped. */
export const LINK_WEBHOOK_QUEUE_LIMIT = 1000;

const targetUrlSchema = z
  .string()
  .trim()
  .max(2000, 'The endpoint URL can be at most 2000 characters.')
  .refine(isHttpUrl, 'The endpoint URL must be a full http:// or https:// address.');

const eventsSchema = z
  .array(z.enum(LINK_WEBHOOK_EVENTS, { error: `events may hold ${LINK_WEBHOOK_EVENTS.join(', ')}.` }))
  .min(1, 'Choose at least one event.')
  .transform((events) => LINK_WEBHOOK_EVENTS.filter((event) => events.includes(event)));

export const linkWebhookCreateSchema = z.object({
  url: targetUrlSchema,
  linkId: z.string().min(1).max(64).nullable().default(null),
  events: eventsSchema.default([...LINK_WEBHOOK_EVENTS]),
});
export type LinkWebhookCreate = z.input<typeof linkWebhookCreateSchema>;

export const linkWebhookUpdateSchema = z
  .object({
    url: targetUrlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => body.url !== undefined || body.events !== undefined || body.enabled !== undefined, {
    message: 'Send at least one of url, events and enabled.',
  });
export type LinkWebhookUpdate = z.input<typeof linkWebhookUpdateSchema>;

/** True for an absolute http(s) URL without credentials. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export type LinkWebhookStatus = 'active' | 'disabled';

/** The last attempt of a delivery: the target's status code, or why there was none. */
export interface LinkWebhookResult {
  status: number | null;
  error: string | null;
  /** ISO 8601. */
  at: string;
}

export interface LinkWebhook {
  id: string;
  url: string;
  /** null: every link of the session. */
  linkId: string | null;
  events: LinkWebhookEvent[];
  /** `whsec_…`: the key the signatures are made with; the session can read it again at any time. */
  secret: string;
  status: LinkWebhookStatus;
  /** Why the endpoint was disabled, while it is. */
  disabledReason: string | null;
  /** Messages in a row that failed every attempt. */
  failureCount: number;
  /**
   * Messages dropped, ever, because more than LINK_WEBHOOK_QUEUE_LIMIT were waiting for the
   * endpoint (the oldest waiting ones go; each is listed as dropped among its deliveries).
   */
  droppedCount: number;
  lastDelivery: LinkWebhookResult | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601 when the endpoint's own link was deleted: from then on it receives nothing more. */
  linkDeletedAt: string | null;
}

export const LINK_WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'dropped'] as const;
export type LinkWebhookDeliveryState = (typeof LINK_WEBHOOK_DELIVERY_STATES)[number];

export interface LinkWebhookDelivery {
  /** The `webhook-id` header. */
  messageId: string;
  type: LinkWebhookType;
  state: LinkWebhookDeliveryState;
  /** Attempts made so far. */
  attempts: number;
  /** The last attempt's status code; null when it got no answer or none was made. */
  statusCode: number | null;
  error: string | null;
  /** ISO 8601: the last attempt, or when the event happened if none was made yet. */
  at: string;
  /** ISO 8601 of the next attempt while pending. */
  nextAttemptAt: string | null;
}

/** `data` of a `link.clicked` body: a counted click (bots and link previews are not sent). */
export interface LinkClickData {
  linkId: string;
  shortUrl: string;
  destination: string;
  /** ISO 8601. */
  clickedAt: string;
  /** Two-letter country code, or null when unknown. */
  country: string | null;
  device: 'desktop' | 'mobile' | 'tablet';
  browser: string | null;
  os: string | null;
  referer: string | null;
}

/** `data` of the link events. */
export interface LinkChangeData {
  linkId: string;
  shortUrl: string;
  /** null on `link.deleted`. */
  destination: string | null;
}

export interface LinkWebhookBody {
  type: LinkWebhookType;
  /** ISO 8601. */
  timestamp: string;
  data: LinkClickData | LinkChangeData | LinkBrokenData;
}
