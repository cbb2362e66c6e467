/**
 * Server-side replay of a captured request: what the browser sends and what it gets back.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import type { BodyEncoding } from './webhooks.js';

export type HeaderPairs = [string, string][];

/** The target's answer as the replay route gives it. */
export interface ReplayAnswer {
  status: number;
  /** Every header line of the answer, in order and case. */
  headers: HeaderPairs;
  /** UTF-8 text when the kept bytes are valid UTF-8, otherwise base64. */
  body: string;
  bodyEncoding: BodyEncoding;
  /** True when the answer's body was longer than REPLAY_ANSWER_MAX_BYTES and only its start is kept. */
  truncated: boolean;
  /** Milliseconds from sending the request to the end of the answer. */
  durationMs: number;
}

/** How much of a target's answer body is kept and shown. */
export const REPLAY_ANSWER_MAX_BYTES = 1024 * 1024;
export const REPLAY_TIMEOUT_MS = 10_000;
const REPLAY_MAX_HEADERS = 200;
const MAX_TARGET_LENGTH = 2048;

// RFC 9110 token and field-value characters: what Node's HTTP client accepts.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const TARGET_URL_MESSAGE = 'Enter an http:// or https:// URL to send the request to.';

/** The URL a replay goes to: http(s), without credentials in it. */
export const replayTargetSchema = z
  .string({ error: TARGET_URL_MESSAGE })
  .trim()
  .max(MAX_TARGET_LENGTH, `The URL is too long: at most ${MAX_TARGET_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, hostname: /./, error: TARGET_URL_MESSAGE }))
  .refine(
    (url) => !/^https?:\/\/[^/?#]*@/i.test(url),
    'Put credentials in an Authorization header, not in the URL.',
  );

/** Body of POST /api/events/{id}/replay; whatever is left out is taken from the stored request. */
export const replayBodySchema = z
  .object(
    {
      url: replayTargetSchema,
      method: z
        .string({ error: 'The method must be text, e.g. POST.' })
        .trim()
        .regex(TOKEN, 'The method must be one word, e.g. POST.')
        .transform((method) => method.toUpperCase())
        .refine((method) => method !== 'CONNECT', 'CONNECT requests cannot be replayed.')
        .optional(),
      headers: z
        .array(
          z.tuple([
            z.string().regex(TOKEN, 'A header name must be one word without spaces, e.g. X-Token.'),
            z
              .string()
              .regex(FIELD_VALUE, 'A header value cannot hold line breaks or characters beyond Latin-1.'),
          ]),
          { error: 'Send headers as a list of [name, value] pairs.' },
        )
        .max(REPLAY_MAX_HEADERS, `At most ${REPLAY_MAX_HEADERS} headers.`)
        .optional(),
      body: z.string({ error: 'The body must be text.' }).optional(),
      bodyEncoding: z.enum(['utf8', 'base64'], { error: 'bodyEncoding is "utf8" or "base64".' }).optional(),
    },
    { error: 'Send a JSON body like {"url": "https://example.com/hook"}.' },
  )
  .refine((input) => input.bodyEncoding !== 'base64' || BASE64.test(input.body ?? ''), {
    message: 'The body is not valid base64.',
    path: ['body'],
  });
export type ReplayBody = z.input<typeof replayBodySchema>;

/** The replay route of one event. */
export function replayPath(id: number): string {
  return `/api/events/${id}/replay`;
}
