/**
 * Callbacks of response rules: after a rule has answered a capture, Hookbay may send one request
 * of its own, made from templates over the captured request (a URL such as
 * `{{body.callback_url}}`, headers, a body), after a delay and optionally signed the Standard
 * Webhooks way. What it got back is recorded on the capture. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { METHOD_PATTERN } from './method-field.js';
import { isSetByConnection } from './hop-by-hop.js';
import { replayTargetSchema } from './replay.js';
import { hasTemplate, headersSchema, utf8Length } from './rule-fields.js';
import { standardWebhooksKey } from './signatures/schemes.js';
import type { CallbackResult } from './callback-result.js';

/** The longest a callback waits after the answer went out. */
export const MAX_CALLBACK_DELAY_MS = 60_000;
export const MAX_CALLBACK_BODY_BYTES = 64 * 1024;
/** Room for a URL template; the URL it gives may be at most 2048 characters, as replay's. */
export const MAX_CALLBACK_URL_LENGTH = 2048;
/** How much of the target's answer body is kept with the result. */
export const CALLBACK_ANSWER_PREVIEW_CHARS = 1024;

export interface RuleCallback {
  /** Upper case; POST unless given. */
  method: string;
  /** An http(s) URL, or a template that gives one, such as {{body.callback_url}}. */
  url: string;
  /** Values may hold templates. Host, Content-Length and hop-by-hop headers are set by Hookbay. */
  headers: Record<string, string>;
  /** May hold templates. */
  body: string;
  /** Milliseconds to wait once the answer went out, 0 to MAX_CALLBACK_DELAY_MS. */
  delayMs: number;
  /** A Standard Webhooks secret (whsec_…): the callback is signed with it (webhook-id, -timestamp, -signature). */
  secret?: string;
}

const URL_MESSAGE =
  'The callback URL must be an http:// or https:// URL, or a template that gives one, such as {{body.callback_url}}.';
const DELAY_MESSAGE = `The callback delay must be a whole number of milliseconds from 0 to ${MAX_CALLBACK_DELAY_MS}.`;
const SECRET_MESSAGE = 'The secret must be a Standard Webhooks secret: whsec_ followed by base64.';

/** Why the header may not be set on a callback, or null when it may. */
export function refusedCallbackHeaderReason(name: string): string | null {
  return isSetByConnection(name) ? `${name} is set by Hookbay for the connection and cannot be set.` : null;
}

export const ruleCallbackSchema = z.strictObject(
  {
    method: z
      .string({ error: 'The callback method must be one HTTP method, such as POST.' })
      .refine((method) => METHOD_PATTERN.test(method) && method.toUpperCase() !== 'CONNECT', {
        error: 'The callback method must be one HTTP method, such as POST.',
      })
      .transform((method) => method.toUpperCase())
      .default('POST'),
    url: z
      .string({ error: URL_MESSAGE })
      .trim()
      .max(MAX_CALLBACK_URL_LENGTH, `The callback URL may be at most ${MAX_CALLBACK_URL_LENGTH} characters.`)
      .refine((url) => hasTemplate(url) || replayTargetSchema.safeParse(url).success, { error: URL_MESSAGE }),
    headers: headersSchema(refusedCallbackHeaderReason).default({}),
    body: z
      .string({ error: 'The callback body must be text.' })
      .refine((body) => utf8Length(body) <= MAX_CALLBACK_BODY_BYTES, {
        error: `The callback body may be at most ${MAX_CALLBACK_BODY_BYTES / 1024} KiB.`,
      })
      .default(''),
    delayMs: z
      .number({ error: DELAY_MESSAGE })
      .int(DELAY_MESSAGE)
      .min(0, DELAY_MESSAGE)
      .max(MAX_CALLBACK_DELAY_MS, DELAY_MESSAGE)
      .default(0),
    secret: z
      .string({ error: SECRET_MESSAGE })
      .refine((secret) => secret.startsWith('whsec_') && standardWebhooksKey(secret) !== null, {
        error: SECRET_MESSAGE,
      })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `A callback takes method, url, headers, body, delayMs and secret, not ${issue.keys.join(', ')}.`
        : 'A callback must be an object with a url.',
  },
);

/** The result a capture records while its callback waits for its answer and its delay. */
export function pendingCallback(callback: RuleCallback): CallbackResult {
  return {
    state: 'pending',
    method: callback.method,
    url: null,
    delayMs: callback.delayMs,
    status: null,
    durationMs: null,
    error: null,
    answer: null,
    at: null,
  };
}
