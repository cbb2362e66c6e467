/**
 * What the public API offers, one entry per route, built from the very zod schemas the routes
 * validate their input with. `openapi.test.ts` checks that every route the server registers is
 * here and every entry is a registered route, so the document cannot drift from the server.
 */
import { z } from 'zod';
import {
  keyIdSchema,
  keyNameSchema,
  MAX_KEYS_PER_SESSION,
  privacyBodySchema,
} from '../../../../shared/access.js';
import { ANALYTICS_PERIODS, urlBodySchema, urlUpdateSchema } from '../../../../shared/links.js';
import { replayBodySchema } from '../../../../shared/replay.js';
import { responseRulesSchema } from '../../../../shared/responses.js';
import { sessionRequestSchema } from '../../../../shared/sessions.js';
import {
  createSuggestionSchema,
  suggestionStatusSchema,
  updateSuggestionSchema,
} from '../../../../shared/suggestions.js';
import {
  forwardedAnswerSchema,
  forwardResultSchema,
  streamQuerySchema,
} from '../../features/forwarding/forwarding.routes.js';
import { suspendedBodySchema } from '../../features/sessions/sessions-admin.routes.js';
import { disabledBodySchema } from '../../features/short-links/links-admin.routes.js';
import { filterSchema } from '../../features/webhooks/event-search.js';
import { eventIdSchema, eventsPageSchema, exportSchema } from '../../features/webhooks/events.routes.js';
import { waitQuerySchema } from '../../features/waits/waits.routes.js';

/** `operator`: the METRICS_TOKEN as a bearer token. */
export type Access = 'public' | 'session' | 'admin' | 'operator';

/** Sections of the reference, in the order it shows them. */
export const API_TAGS = [
  'Webhook Inspector',
  'Short links',
  'Sessions',
  'Suggestions',
  'Admin',
  'Service',
] as const;

export interface ApiResponse {
  description: string;
  /** JSON answer shape; omitted for answers that are not JSON or need no schema. */
  schema?: z.ZodType;
  /** Media type of a non-JSON answer. */
  mediaType?: string;
}

export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'TRACE';
  /** Fastify's form of the path (`/api/events/:id`). */
  path: string;
  tag: (typeof API_TAGS)[number];
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Media type of a non-JSON request body (capture). */
  bodyMediaType?: string;
  responses: Record<number, ApiResponse>;
}

const errorSchema = z.object({
  error: z.string().describe('What went wrong, in words a person can read.'),
});
const okSchema = z.object({ ok: z.literal(true) });
const idParams = z.object({ id: z.string() });
const sessionIdParams = z.object({
  sessionId: z.string().describe('The session id (a UUID) from the webhook URL.'),
});

/** The search filters as sent (their parsed form is for the database). */
const searchQuery = filterSchema.in;

const unauthorised: Record<number, ApiResponse> = {
  401: {
    description: 'No session, an unknown one, a private one without a key, or an unknown or revoked key.',
    schema: errorSchema,
  },
};
const invalid: Record<number, ApiResponse> = {
  400: { description: 'Invalid input; the message names the field.', schema: errorSchema },
};
const notFound: Record<number, ApiResponse> = {
  404: { description: 'No such item for this session.', schema: errorSchema },
};
const adminOnly: Record<number, ApiResponse> = {
  ...unauthorised,
  403: { description: 'The session is not an admin.', schema: errorSchema },
};

const CAPTURE_DESCRIPTION =
  'Any method and any content type is captured and kept byte for byte, including WebDAV and other ' +
  'methods Node.js parses (PROPFIND, PURGE, …), which OpenAPI cannot list as operations. The answer ' +
  'is `{"ok": true, "id": …}` unless scripted responses or a responding forwarder say otherwise.';

function captureOperations(path: string): ApiOperation[] {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'] as const;
  return methods.map((method) => ({
    method,
    path,
    tag: 'Webhook Inspector',
    summary: `Capture a ${method} request`,
    description: CAPTURE_DESCRIPTION,
    access: 'public',
    params: path.endsWith('*')
      ? sessionIdParams.extend({ '*': z.string().describe('Any sub-path.') })
      : sessionIdParams,
    body: method === 'GET' || method === 'HEAD' ? undefined : z.string(),
    bodyMediaType: '*/*',
    responses: {
      200: {
        description: 'Stored.',
        schema: z.object({ ok: z.literal(true), id: z.number().int() }),
      },
      404: { description: 'No webhook URL with this session id.', schema: errorSchema },
      410: { description: 'An admin suspended this webhook URL; nothing was stored.', schema: errorSchema },
      413: {
        description: 'The body is over the capture limit; its start was kept.',
        schema: z.object({ error: z.string(), id: z.number().int() }),
      },
    },
  }));
}

const keySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601.'),
  lastUsedAt: z.string().nullable().describe('ISO 8601, updated at most once a minute; null until used.'),
});
const privacySchema = z.object({ private: z.boolean() });

function accessOperations(): ApiOperation[] {
  return [
    {
      method: 'GET',
      path: '/api/keys',
      tag: 'Sessions',
      summary: 'The session’s API keys (never the keys themselves)',
      access: 'session',
      responses: { 200: { description: 'Oldest first.', schema: z.array(keySchema) }, ...unauthorised },
    },
    {
      method: 'POST',
      path: '/api/keys',
      tag: 'Sessions',
      summary: 'Create an API key',
      description:
        'The key (`hbk_…`) is in this answer only; the server keeps its hash. Send it as ' +
        '`Authorization: Bearer <key>` on any call that takes a session, as `auth.token` in the ' +
        `Socket.IO handshake, or to the CLI with \`--key\`. At most ${MAX_KEYS_PER_SESSION} keys per session.`,
      access: 'session',
      body: keyNameSchema,
      responses: {
        201: {
          description: 'The new key.',
          schema: keySchema.omit({ lastUsedAt: true }).extend({ key: z.string() }),
        },
        ...invalid,
        ...unauthorised,
        409: { description: `The session already holds ${MAX_KEYS_PER_SESSION} keys.`, schema: errorSchema },
      },
    },
    {
      method: 'DELETE',
      path: '/api/keys/:id',
      tag: 'Sessions',
      summary: 'Revoke an API key',
      description:
        'The key stops working at once on every instance; sockets and event streams opened with it close.',
      access: 'session',
      params: keyIdSchema,
      responses: {
        200: { description: 'Revoked.', schema: okSchema },
        ...invalid,
        ...unauthorised,
        404: { description: 'The session has no key with this id.', schema: errorSchema },
      },
    },
    {
      method: 'GET',
      path: '/api/user/privacy',
      tag: 'Sessions',
      summary: 'Whether the session is private',
      access: 'session',
      responses: { 200: { description: 'The setting.', schema: privacySchema }, ...unauthorised },
    },
    {
      method: 'PUT',
      path: '/api/user/privacy',
      tag: 'Sessions',
      summary: 'Make the session private, or public again',
      description:
        'While private, the session id (the one in the webhook URL) only receives: every call that ' +
        'takes the session needs a key, and sockets and streams opened without one are closed. ' +
        'Capture and short-link redirects are not affected. Turning it on needs a key to exist.',
      access: 'session',
      body: privacyBodySchema,
      responses: {
        200: { description: 'The setting now.', schema: privacySchema },
        ...invalid,
        ...unauthorised,
        409: { description: 'Turning privacy on while the session has no key.', schema: errorSchema },
      },
    },
  ];
}

export const apiOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/healthz',
    tag: 'Service',
    summary: 'Health check',
    access: 'public',
    responses: { 200: { description: 'The server can serve.', schema: z.object({ ok: z.literal(true) }) } },
  },
  {
    method: 'GET',
    path: '/livez',
    tag: 'Service',
    summary: 'Liveness check',
    description: 'Answers while the process serves, whatever the state of the database or Redis.',
    access: 'public',
    responses: { 200: { description: 'The process serves.', schema: okSchema } },
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'Service',
    summary: 'Readiness check',
    description: 'Ready when the database answers a query, and Redis too when REDIS_URL is set.',
    access: 'public',
    responses: {
      200: { description: 'Ready to take traffic.', schema: okSchema },
      503: {
        description: 'The database or Redis did not answer; `error` says which.',
        schema: z.object({ ok: z.literal(false), error: z.string() }),
      },
    },
  },
  {
    method: 'GET',
    path: '/metrics',
    tag: 'Service',
    summary: 'Prometheus metrics',
    description:
      'The text exposition format, with metric names starting `hookbay_`. Served only when the ' +
      'METRICS_TOKEN setting is set, to a request that sends it as a bearer token.',
    access: 'operator',
    responses: {
      200: { description: 'The metrics.', mediaType: 'text/plain' },
      401: { description: 'No token, or a wrong one.', schema: errorSchema },
      404: { description: 'Metrics are off (METRICS_TOKEN is not set).', schema: errorSchema },
    },
  },
  {
    method: 'POST',
    path: '/api/user',
    tag: 'Sessions',
    summary: 'Start or resume a session',
    description:
      'Without a sessionId a new anonymous session is made; a known one is resumed. With a key ' +
      '(`Authorization: Bearer`), the key’s session is resumed. A private session’s id alone resumes ' +
      'nothing: the answer says `"private": true` and no cookie is set.',
    access: 'public',
    body: sessionRequestSchema,
    responses: {
      200: {
        description: 'The session.',
        schema: z.object({ id: z.string(), sessionId: z.string(), private: z.literal(true).optional() }),
      },
      ...invalid,
      401: { description: 'An unknown or revoked key.', schema: errorSchema },
      429: {
        description: 'Too many new sessions from this address (SESSIONS_PER_MINUTE); see Retry-After.',
        schema: errorSchema,
      },
    },
  },
  ...accessOperations(),
  {
    method: 'GET',
    path: '/api/events',
    tag: 'Webhook Inspector',
    summary: 'List captured requests, newest first',
    description:
      '`q` finds text (case-insensitive) in the body, header names and values, path and query; ' +
      '`method` is one method or a comma list; `from` (inclusive) and `to` (exclusive) are ISO 8601 ' +
      'times. Filters combine with AND and with the paging.',
    access: 'session',
    query: eventsPageSchema.extend(searchQuery.shape),
    responses: { 200: { description: 'A page of events.' }, ...invalid, ...unauthorised },
  },
  {
    method: 'DELETE',
    path: '/api/events',
    tag: 'Webhook Inspector',
    summary: 'Delete (hide) every captured request of the session: "Clear all"',
    description:
      'Every request stored until now is hidden; ones arriving meanwhile stay. The session’s browsers, ' +
      'on every instance, get `webhooks-cleared` with `upTo`, the newest id the clear covered.',
    access: 'session',
    responses: {
      200: {
        description: 'Cleared.',
        schema: okSchema.extend({
          deleted: z.number().int().describe('How many requests were hidden.'),
          upTo: z.number().int().describe('The newest id the clear covered (0 when there was none).'),
        }),
      },
      ...unauthorised,
    },
  },
  {
    method: 'DELETE',
    path: '/api/events/:id',
    tag: 'Webhook Inspector',
    summary: 'Delete (hide) a captured request',
    description:
      'Until it is pruned, `POST /api/events/{id}/restore` brings it back (the "Undo" of the inspector).',
    access: 'session',
    params: eventIdSchema,
    responses: {
      200: { description: 'Deleted.', schema: okSchema },
      ...invalid,
      ...unauthorised,
      ...notFound,
    },
  },
  {
    method: 'POST',
    path: '/api/events/:id/restore',
    tag: 'Webhook Inspector',
    summary: 'Bring back a deleted request',
    description:
      'Works while the deleted request is still stored (the storage limits prune it like any other).',
    access: 'session',
    params: eventIdSchema,
    responses: {
      200: { description: 'The request, as `GET /api/events` gives it.' },
      ...invalid,
      ...unauthorised,
      404: { description: 'No deleted request with this id for this session.', schema: errorSchema },
    },
  },
  {
    method: 'GET',
    path: '/api/events/:id/body',
    tag: 'Webhook Inspector',
    summary: 'Download the stored body bytes',
    description: 'Add `?decoded=1` to undo its Content-Encoding (gzip, deflate, br).',
    access: 'session',
    params: eventIdSchema,
    query: z.object({ decoded: z.enum(['1']).optional(), sessionId: z.string().optional() }),
    responses: {
      200: { description: 'The body, as an attachment.', mediaType: 'application/octet-stream' },
      ...invalid,
      ...unauthorised,
      ...notFound,
      422: { description: 'The body could not be decoded.', schema: errorSchema },
    },
  },
  {
    method: 'POST',
    path: '/api/events/:id/replay',
    tag: 'Webhook Inspector',
    summary: 'Send a captured request again, from the server',
    description:
      'Anything left out is taken from the stored request. Targets on loopback, private, link-local, ' +
      'CGNAT or multicast addresses are refused unless REPLAY_ALLOW_PRIVATE is set; this server’s own ' +
      'webhook URLs are always allowed. Redirects are not followed. One session, and one IP address, ' +
      'may start REPLAY_PER_MINUTE replays a minute; 0 switches server-side replay off.',
    access: 'session',
    params: eventIdSchema,
    body: replayBodySchema,
    responses: {
      200: {
        description: 'The target’s answer.',
        schema: z.object({
          status: z.number().int(),
          headers: z.array(z.tuple([z.string(), z.string()])),
          body: z.string(),
          bodyEncoding: z.enum(['utf8', 'base64']),
          durationMs: z.number(),
          truncated: z.boolean(),
        }),
      },
      ...invalid,
      ...unauthorised,
      403: {
        description: 'The target resolves to a refused address, or server-side replay is switched off.',
        schema: errorSchema,
      },
      ...notFound,
      429: { description: 'Too many replays in the last minute; see Retry-After.', schema: errorSchema },
      502: { description: 'The target could not be reached or did not answer in 10 s.', schema: errorSchema },
    },
  },
  {
    method: 'GET',
    path: '/api/responses',
    tag: 'Webhook Inspector',
    summary: 'The scripted responses of the webhook URL',
    access: 'session',
    responses: {
      200: { description: 'The rules, first match first.', schema: responseRulesSchema },
      ...unauthorised,
    },
  },
  {
    method: 'PUT',
    path: '/api/responses',
    tag: 'Webhook Inspector',
    summary: 'Replace the scripted responses',
    description:
      'The first rule whose method and path glob match a capture decides its answer; the n-th matching ' +
      'capture since the save gets responses[n], then the last again (`repeat-last`) or from the start ' +
      '(`cycle`). Saving starts every sequence again.',
    access: 'session',
    body: responseRulesSchema,
    responses: {
      200: { description: 'The stored rules, with defaults filled in.', schema: responseRulesSchema },
      ...invalid,
      ...unauthorised,
    },
  },
  {
    method: 'GET',
    path: '/api/stream',
    tag: 'Webhook Inspector',
    summary: 'The session’s captured requests as Server-Sent Events',
    description:
      'Each event as `id: <event id>`, `event: webhook-request`, `data: <the event JSON>`. With ' +
      '`Last-Event-ID` (or `after`) it first sends every visible event newer than that id, oldest ' +
      'first, then live ones, each once. A comment line at least every 15 s. `respond=1` marks a ' +
      '`hookbay forward --respond` forwarder: captures then wait for its answer.',
    access: 'session',
    query: streamQuerySchema.extend({ sessionId: z.string().optional() }),
    responses: {
      200: { description: 'The stream.', mediaType: 'text/event-stream' },
      ...invalid,
      ...unauthorised,
    },
  },
  {
    method: 'POST',
    path: '/api/events/:id/forwarded-response',
    tag: 'Webhook Inspector',
    summary: 'A `--respond` forwarder’s answer for a waiting capture',
    description:
      'The target’s status, headers and base64 body, or `{"error"}` when the target failed (the sender gets 502).',
    access: 'session',
    params: eventIdSchema,
    body: forwardedAnswerSchema,
    responses: {
      200: { description: 'Passed on.', schema: okSchema },
      ...invalid,
      ...unauthorised,
      ...notFound,
    },
  },
  {
    method: 'POST',
    path: '/api/events/:id/forwarded',
    tag: 'Webhook Inspector',
    summary: 'A forwarder’s report: what its target answered for a request',
    description:
      'Sent by `hookbay forward` after each request it passes on: `{"status", "ms"}`, or `{"error", "ms"}` ' +
      'when the target could not be reached. The request then carries it as `forwarded`, and the ' +
      'session’s browsers get `webhook-forwarded`. A later report replaces an earlier one.',
    access: 'session',
    params: eventIdSchema,
    body: forwardResultSchema,
    responses: {
      200: { description: 'Recorded.', schema: okSchema },
      ...invalid,
      ...unauthorised,
      ...notFound,
    },
  },
  {
    method: 'GET',
    path: '/api/forwarders',
    tag: 'Webhook Inspector',
    summary: 'How many forwarders are connected to the session now',
    description:
      'Counted over every instance. The session’s browsers get `forwarders-changed` with the same shape ' +
      'whenever a forwarder connects or goes.',
    access: 'session',
    responses: {
      200: {
        description: 'The counts.',
        schema: z.object({
          count: z.number().int().describe('Forwarders (`hookbay forward`) streaming the session.'),
          responding: z.number().int().describe('Of those, the ones started with `--respond`.'),
        }),
      },
      ...unauthorised,
    },
  },
  {
    method: 'GET',
    path: '/cli/hookbay.mjs',
    tag: 'Webhook Inspector',
    summary: 'The `hookbay` command line (one file, Node 20)',
    description: 'Run `node hookbay.mjs --help` to see its commands.',
    access: 'public',
    responses: {
      200: { description: 'The script.', mediaType: 'text/javascript' },
      ...notFound,
    },
  },
  {
    method: 'GET',
    path: '/api/events/count',
    tag: 'Webhook Inspector',
    summary: 'How many captured requests match the filters, of how many',
    access: 'session',
    query: searchQuery,
    responses: {
      200: {
        description: 'The counts.',
        schema: z.object({
          matching: z.number().int(),
          total: z.number().int(),
          newestId: z.number().int().describe('The newest visible request id when counted (0 when none).'),
        }),
      },
      ...invalid,
      ...unauthorised,
    },
  },
  {
    method: 'GET',
    path: '/api/events/export',
    tag: 'Webhook Inspector',
    summary: 'Export the matching requests as HAR 1.2 or NDJSON',
    description:
      'An attachment, streamed: one HAR entry, or one event JSON line, per request, with whole bodies.',
    access: 'session',
    query: exportSchema.extend(searchQuery.shape).extend({ sessionId: z.string().optional() }),
    responses: {
      200: { description: 'The file.', mediaType: 'application/octet-stream' },
      ...invalid,
      ...unauthorised,
    },
  },
  {
    method: 'GET',
    path: '/api/events/wait',
    tag: 'Webhook Inspector',
    summary: 'Wait for matching requests',
    description:
      'Takes the filters of `GET /api/events` plus `after`, `count` and `timeout`. Answers with the first ' +
      '`count` matching events, oldest first, as soon as that many exist (at once if they already do). ' +
      'When the timeout passes first: 408 with the matches so far. A client that goes away ends the wait.',
    access: 'session',
    query: waitQuerySchema.extend(searchQuery.shape),
    responses: {
      200: {
        description: 'All of them arrived.',
        schema: z.object({ events: z.array(z.object({ id: z.number().int() }).passthrough()) }),
      },
      ...invalid,
      ...unauthorised,
      408: {
        description: 'The timeout passed first; the events that matched until then.',
        schema: errorSchema.extend({ events: z.array(z.object({ id: z.number().int() }).passthrough()) }),
      },
    },
  },
  ...captureOperations('/webhook/:sessionId'),
  ...captureOperations('/webhook/:sessionId/*'),
  {
    method: 'GET',
    path: '/api/urls',
    tag: 'Short links',
    summary: 'List the session’s short links',
    access: 'session',
    responses: { 200: { description: 'The links, newest first.' }, ...unauthorised },
  },
  {
    method: 'POST',
    path: '/api/urls',
    tag: 'Short links',
    summary: 'Create a short link',
    description:
      'Optional: `alias` (the link id, 3-64 of A-Z a-z 0-9 - _), `expiresAt` (ISO 8601), `maxClicks`, ' +
      '`password`, `card` ({title ≤ 120, description ≤ 300, image http(s)} or null: the social card). Destinations must be http(s), without credentials, not this server’s own short ' +
      'links and not on the blocklist.',
    access: 'session',
    body: urlBodySchema,
    responses: {
      201: { description: 'The new link.' },
      ...invalid,
      ...unauthorised,
      409: { description: 'The alias is taken; `suggestion` names a free one.', schema: errorSchema },
      429: { description: 'Too many links created; see Retry-After.', schema: errorSchema },
    },
  },
  {
    method: 'PUT',
    path: '/api/urls/:id',
    tag: 'Short links',
    summary: 'Change a short link',
    access: 'session',
    params: idParams,
    body: urlUpdateSchema,
    responses: { 200: { description: 'The changed link.' }, ...invalid, ...unauthorised, ...notFound },
  },
  {
    method: 'DELETE',
    path: '/api/urls/:id',
    tag: 'Short links',
    summary: 'Delete a short link',
    access: 'session',
    params: idParams,
    responses: { 200: { description: 'Deleted.', schema: okSchema }, ...unauthorised, ...notFound },
  },
  {
    method: 'GET',
    path: '/s/:id',
    tag: 'Short links',
    summary: 'Follow a short link',
    description:
      'Redirects (302) to the stored URL and counts the click; HEAD redirects without counting. A link ' +
      'with a password shows a form first; link previews (Slackbot, Twitterbot, …) of a link with a ' +
      'social card get a page of Open Graph and Twitter card tags instead (200).',
    access: 'public',
    params: idParams,
    responses: {
      200: {
        description: 'The password form of a protected link, or the social card page of a link preview.',
        mediaType: 'text/html',
      },
      302: { description: 'To the stored URL.' },
      404: { description: 'No such link: an HTML page.', mediaType: 'text/html' },
      410: {
        description: 'Expired, used up or disabled: an HTML page saying which.',
        mediaType: 'text/html',
      },
    },
  },
  {
    method: 'POST',
    path: '/s/:id',
    tag: 'Short links',
    summary: 'Open a password-protected short link',
    description:
      'The form of the password page (`password`, urlencoded). Ten wrong tries per link and IP in ten minutes.',
    access: 'public',
    params: idParams,
    body: z.object({ password: z.string() }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: {
      302: { description: 'The right password: to the stored URL, and the click counted.' },
      401: { description: 'A wrong password: the form again.', mediaType: 'text/html' },
      410: { description: 'Expired, used up or disabled.', mediaType: 'text/html' },
      429: { description: 'Too many wrong passwords; see Retry-After.', mediaType: 'text/html' },
    },
  },
  {
    method: 'HEAD',
    path: '/s/:id',
    tag: 'Short links',
    summary: 'Check a short link without counting a click',
    access: 'public',
    params: idParams,
    responses: { 302: { description: 'To the stored URL.' }, 404: { description: 'No such link.' } },
  },
  {
    method: 'GET',
    path: '/s/:id/analytics',
    tag: 'Short links',
    summary: 'Analytics of one of the session’s links',
    description: 'Add `?format=csv` for every click as a CSV file.',
    access: 'session',
    params: idParams,
    query: z.object({ format: z.enum(['csv']).optional(), period: z.enum(ANALYTICS_PERIODS).optional() }),
    responses: { 200: { description: 'The analytics.' }, ...unauthorised, ...notFound },
  },
  {
    method: 'POST',
    path: '/api/suggestions',
    tag: 'Suggestions',
    summary: 'Send a suggestion',
    access: 'session',
    body: createSuggestionSchema,
    responses: {
      201: { description: 'The stored suggestion.' },
      ...invalid,
      ...unauthorised,
      429: { description: 'Too many suggestions; see Retry-After.', schema: errorSchema },
    },
  },
  {
    method: 'GET',
    path: '/api/user/suggestions',
    tag: 'Suggestions',
    summary: 'The session’s own suggestions',
    access: 'session',
    responses: { 200: { description: 'Newest first.' }, ...unauthorised },
  },
  {
    method: 'GET',
    path: '/api/admin/check-status',
    tag: 'Admin',
    summary: 'Whether this browser holds admin rights',
    access: 'public',
    responses: { 200: { description: 'Never 401.', schema: z.object({ isAdmin: z.boolean() }) } },
  },
  {
    method: 'GET',
    path: '/api/admin/claim/:token',
    tag: 'Admin',
    summary: 'Claim a one-time admin link',
    description: 'Opened in the browser holding the granted session: sets the admin cookie and redirects.',
    access: 'session',
    params: z.object({ token: z.string() }),
    responses: {
      302: { description: 'To the admin panel.' },
      400: {
        description: 'An unknown, used, expired or revoked link: a page that says so.',
        mediaType: 'text/html',
      },
      403: {
        description:
          'Opened in another browser, or at another address, than the granted one: a page that says what to do.',
        mediaType: 'text/html',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/suggestions',
    tag: 'Admin',
    summary: 'Every suggestion',
    access: 'admin',
    responses: { 200: { description: 'Newest first.' }, ...adminOnly },
  },
  {
    method: 'GET',
    path: '/api/admin/suggestions/:status',
    tag: 'Admin',
    summary: 'Suggestions with one status',
    access: 'admin',
    params: z.object({ status: suggestionStatusSchema }),
    responses: { 200: { description: 'Newest first.' }, ...invalid, ...adminOnly },
  },
  {
    method: 'PUT',
    path: '/api/admin/suggestions/:id',
    tag: 'Admin',
    summary: 'Change a suggestion’s status and notes',
    access: 'admin',
    params: idParams,
    body: updateSuggestionSchema,
    responses: { 200: { description: 'The changed suggestion.' }, ...invalid, ...adminOnly, ...notFound },
  },
  {
    method: 'GET',
    path: '/api/admin/suggestions-stats',
    tag: 'Admin',
    summary: 'Counts of suggestions by status',
    access: 'admin',
    responses: { 200: { description: 'The counts.' }, ...adminOnly },
  },
  {
    method: 'GET',
    path: '/api/admin/links',
    tag: 'Admin',
    summary: 'Find short links by destination host or id',
    access: 'admin',
    query: z.object({ q: z.string().optional() }),
    responses: { 200: { description: 'Up to 100 links.' }, ...adminOnly },
  },
  {
    method: 'PUT',
    path: '/api/admin/links/:id',
    tag: 'Admin',
    summary: 'Disable or re-enable a short link',
    description: 'A disabled link answers 410 "This link was disabled".',
    access: 'admin',
    params: idParams,
    body: disabledBodySchema,
    responses: { 200: { description: 'The link.' }, ...invalid, ...adminOnly, ...notFound },
  },
  {
    method: 'GET',
    path: '/api/admin/sessions',
    tag: 'Admin',
    summary: 'Sessions holding the most storage or capturing the most lately',
    description:
      '`largest`: the 20 sessions whose stored requests (bodies and headers) take the most bytes; ' +
      '`busiest`: the 20 with the most requests captured in the last 24 hours; `suspended`: the ' +
      'suspended sessions. Each row: `sessionId`, `requests`, `bytes`, `recentRequests`, ' +
      '`lastCaptureAt`, `suspendedAt`.',
    access: 'admin',
    responses: { 200: { description: 'The three lists and `recentSince`.' }, ...adminOnly },
  },
  {
    method: 'PUT',
    path: '/api/admin/sessions/:sessionId',
    tag: 'Admin',
    summary: 'Suspend a session’s webhook URL, or lift the suspension',
    description:
      'While suspended, captures to the session’s webhook URL answer 410 with a JSON error and store nothing.',
    access: 'admin',
    params: sessionIdParams,
    body: suspendedBodySchema,
    responses: { 200: { description: 'The session’s row.' }, ...invalid, ...adminOnly, ...notFound },
  },
  {
    method: 'DELETE',
    path: '/api/admin/sessions/:sessionId/events',
    tag: 'Admin',
    summary: 'Delete every stored request of a session',
    access: 'admin',
    params: sessionIdParams,
    responses: {
      200: {
        description: 'How many were deleted.',
        schema: z.object({ ok: z.literal(true), deleted: z.number().int() }),
      },
      ...adminOnly,
      ...notFound,
    },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Service',
    summary: 'This document',
    access: 'public',
    responses: { 200: { description: 'OpenAPI 3.1.' } },
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'Service',
    summary: 'A readable reference of this document',
    access: 'public',
    responses: { 200: { description: 'An HTML page.', mediaType: 'text/html' } },
  },
  {
    method: 'GET',
    path: '/api/docs/:file',
    tag: 'Service',
    summary: 'A file of the reference page (its script and style)',
    access: 'public',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The file.', mediaType: '*/*' }, ...notFound },
  },
];
