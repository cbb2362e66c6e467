/**
 * Relays as the API carries them: destinations every matching captured request is passed on to
 * from the server, with retries, and the attempts each captured request had. Pure: no Node and no
 * DOM APIs.
 */
import { z } from 'zod';
import { COMMON_METHODS, OTHER_METHODS, SEARCH_TEXT_MAX } from './event-search.js';
import { FAILED_MESSAGES_TO_DISABLE, LINK_WEBHOOK_QUEUE_LIMIT, isHttpUrl } from './link-webhooks.js';
import { isValidPathGlob } from './path-glob.js';

/** `sign`: sent again with Standard Webhooks headers of the relay's own secret; `headers`: the sender's headers as they came. */
export const RELAY_MODES = ['sign', 'headers'] as const;
export type RelayMode = (typeof RELAY_MODES)[number];
export const RELAY_MODE_LABELS: Record<RelayMode, string> = {
  sign: 'Re-sign (Standard Webhooks)',
  headers: 'Sender’s headers as they came',
};

export const MAX_RELAYS_PER_SESSION = 5;
/** Captured requests waiting for one destination at most; beyond it the oldest waiting ones are dropped. */
export const RELAY_QUEUE_LIMIT = LINK_WEBHOOK_QUEUE_LIMIT;
export const RELAY_FAILED_MESSAGES_TO_DISABLE = FAILED_MESSAGES_TO_DISABLE;

const METHODS = [...COMMON_METHODS, ...OTHER_METHODS];

const urlSchema = z
  .string()
  .trim()
  .max(2000, 'url: at most 2000 characters.')
  .refine(isHttpUrl, 'url: must be a full http:// or https:// address.');

export const relayFilterSchema = z.object({
  methods: z
    .array(
      z
        .string()
        .transform((method) => method.toUpperCase())
        .refine((method) => METHODS.includes(method), 'filter.methods: not an HTTP method Hookbay captures.'),
    )
    .max(METHODS.length)
    .default([]),
  path: z
    .string()
    .trim()
    .refine(isValidPathGlob, 'filter.path: a path glob starting with / or *, without spaces, ? or #.')
    .nullable()
    .default(null),
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX, `filter.q: at most ${SEARCH_TEXT_MAX} characters.`)
    .nullable()
    .default(null),
});
export type RelayFilter = z.output<typeof relayFilterSchema>;

export const relayCreateSchema = z.object({
  url: urlSchema,
  mode: z.enum(RELAY_MODES, { error: 'mode: sign or headers.' }).default('sign'),
  filter: relayFilterSchema.default({ methods: [], path: null, q: null }),
});
export type RelayCreate = z.input<typeof relayCreateSchema>;

export const relayUpdateSchema = z
  .object({
    url: urlSchema.optional(),
    mode: z.enum(RELAY_MODES, { error: 'mode: sign or headers.' }).optional(),
    filter: relayFilterSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'body: send at least one of url, mode, filter and enabled.',
  });
export type RelayUpdate = z.input<typeof relayUpdateSchema>;

/** One attempt's outcome: the status code, or why there was none. */
export interface RelayResult {
  status: number | null;
  error: string | null;
  /** ISO 8601. */
  at: string;
}

export interface Relay {
  id: string;
  url: string;
  mode: RelayMode;
  filter: RelayFilter;
  /**
   * `whsec_…` of a `sign` relay: in the answer that created it (or switched it to `sign`) only;
   * null everywhere else.
   */
  secret: string | null;
  status: 'active' | 'disabled';
  disabledReason: string | null;
  /** Messages in a row that failed every attempt. */
  failureCount: number;
  /** Captured requests dropped, ever, because more than RELAY_QUEUE_LIMIT were waiting. */
  droppedCount: number;
  lastAttempt: RelayResult | null;
  /** ISO 8601. */
  createdAt: string;
}

export const RELAY_ATTEMPT_STATES = ['pending', 'delivered', 'failed', 'dropped'] as const;
export type RelayAttemptState = (typeof RELAY_ATTEMPT_STATES)[number];

/** One attempt to pass a captured request on to one destination. */
export interface RelayAttempt {
  relayId: string;
  /** The `webhook-id` of a re-signed message; the same on each attempt. */
  messageId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The message's state after the attempt: `pending` means another attempt follows. */
  state: RelayAttemptState;
  statusCode: number | null;
  error: string | null;
  /** ISO 8601. */
  at: string;
}
