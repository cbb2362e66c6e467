/** The MCP tools that read captured requests: the URL itself, the list, one request, a wait, a comparison. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { shareUrl, type WebhookEvent } from '../../shared/webhooks.js';
import { api, newestEventId, type Caller } from '../api.js';
import { collectEvents } from '../wait.js';
import { compareEvents } from './compare.js';
import { describeEvent, summarize, VERDICTS_DESCRIPTION } from './format.js';
import type { McpSession } from './session.js';
import { asSession, guarded, requireEvent, webhookUrlOf } from './tool-kit.js';

const LIST_LIMIT_DEFAULT = 20;
const LIST_LIMIT_MAX = 100;
/** Each request a wait returns carries at most this much of its body; read_request gives it whole. */
const WAIT_BODY_CHARS = 16 * 1024;
const WAIT_TIMEOUT_MAX_S = 300;

const eventId = z.number().int().positive();

const filters = {
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Case-insensitive plain text (not a pattern) to look for in the body, header names and values, the path and the query string. At most 200 characters. These words filter on what Hookbay judged when the request arrived instead: sig:valid, sig:invalid, sig:none (no signing secret covered it), contract:pass, contract:fail, contract:none; e.g. "sig:invalid" or "contract:fail order".',
    ),
  method: z
    .string()
    .optional()
    .describe('Only requests with this HTTP method; several separated by commas, e.g. "POST" or "GET,POST".'),
};

function filterQuery(args: { q?: string; method?: string; from?: string; to?: string }): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (typeof value === 'string' && value !== '') query.set(name, value);
  }
  return query;
}

async function urlInfo(caller: Caller) {
  return {
    webhookUrl: webhookUrlOf(caller),
    sessionId: caller.sessionId,
    inspectorUrl: shareUrl(caller.apiBase, caller.sessionId),
    newestId: await newestEventId(caller),
  };
}

export function registerRequestTools(server: McpServer, session: McpSession): void {
  server.registerTool(
    'get_webhook_url',
    {
      title: 'Get the webhook URL',
      description: `Returns the Hookbay webhook URL this server works with, starting a new one (a new anonymous Hookbay session) on first use when none was configured. Every HTTP request sent to this URL or to any path below it (e.g. <url>/github?x=1), with any method, headers and body, is captured and stored byte for byte, and answered 200 {"ok":true,"id":…} unless set_responses scripted something else.
Use it first: point the system under test at this URL (a webhook setting, a callback URL, an environment variable), trigger it, then call wait_for_requests or list_requests.
Returns webhookUrl, sessionId, inspectorUrl (a page where a person can watch the requests live) and newestId: the id of the newest captured request (0 when none). Pass newestId as "after" to wait_for_requests so that only requests captured from now on count.`,
      inputSchema: {
        new: z
          .boolean()
          .optional()
          .describe(
            'true: start a new session with a fresh, empty webhook URL and work with it from now on (the old URL keeps capturing). Not possible when the server was started with a key.',
          ),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async (args) => {
      if (!args.new) return asSession(session, urlInfo);
      return guarded(session, async () => urlInfo(await session.startNew()));
    },
  );

  server.registerTool(
    'list_requests',
    {
      title: 'List and search captured requests',
      description: `Lists the requests captured at the webhook URL, newest first, as short summaries: id, time, method, path with query, content type, size in bytes, the status the sender was answered, the sending service when Hookbay recognises it (GitHub, GitLab, Stripe, Shopify, Slack, Twilio, Standard Webhooks, with the event type), the verdicts judged on arrival, and the first 200 characters of the body. Filters combine with AND.
${VERDICTS_DESCRIPTION}
Use it to see what arrived or to find a request's id; then read_request gives every header and the whole body. For older requests, call again with before = the smallest id received (nextBefore).`,
      inputSchema: {
        ...filters,
        from: z
          .string()
          .optional()
          .describe(
            'ISO 8601 time with a time zone, e.g. 2026-01-31T09:30:00Z, or a date: only requests that arrived at or after it.',
          ),
        to: z
          .string()
          .optional()
          .describe('ISO 8601 time with a time zone, or a date: only requests that arrived before it.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(LIST_LIMIT_MAX)
          .optional()
          .describe(`How many requests to return, 1-${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`),
        before: eventId.optional().describe('Only requests with a smaller id (older ones): the next page.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, async (caller) => {
        const query = filterQuery(args);
        const limit = args.limit ?? LIST_LIMIT_DEFAULT;
        query.set('limit', String(limit));
        if (args.before !== undefined) query.set('before', String(args.before));
        const events = await api<WebhookEvent[]>(caller, `/api/events?${query}`);
        return {
          webhookUrl: webhookUrlOf(caller),
          requests: events.map(summarize),
          nextBefore: events.length === limit ? (events.at(-1)?.id ?? null) : null,
        };
      }),
  );

  server.registerTool(
    'read_request',
    {
      title: 'Read one captured request',
      description: `Reads one captured request in full: method, URL, path and parsed query, every header line in its original order and case (as [name, value] pairs), content type, size, the body (UTF-8 text, or base64 when it is not UTF-8: see bodyEncoding; bodies over 1 MiB come cut, with a note), the client's IP address and user agent, the recognised sender, the verdicts judged on arrival (every contract violation), and what the sender was answered (status and whether the default, a scripted rule, a forwarder or an error answered).
Use it after list_requests or wait_for_requests to inspect a payload, a signature header or an idempotency key.
${VERDICTS_DESCRIPTION}`,
      inputSchema: {
        id: eventId.describe('The request id, from list_requests or wait_for_requests.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, async (caller) =>
        describeEvent(await requireEvent(caller, args.id), webhookUrlOf(caller)),
      ),
  );

  server.registerTool(
    'wait_for_requests',
    {
      title: 'Wait for requests',
      description: `Waits until "count" requests matching the filters have been captured at the webhook URL and returns them, oldest first, in full as read_request gives them (each body cut at 16 KiB here). Answers at once when enough matching requests are already stored. Use it right after triggering the system under test, instead of polling list_requests.
Pass "after" (get_webhook_url's newestId, or the largest id you saw before triggering) so that older captures do not count; without it every stored request counts.
Answers {"arrived": true, "requests": [...]}, or when the time runs out {"arrived": false, "requests": <the matches so far>}. Many MCP clients give up on a tool call after about 60 s: wait 50 s or less per call and call again with "after" set to the last id received.`,
      inputSchema: {
        ...filters,
        count: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .optional()
          .describe('How many matching requests to wait for, 1-1000 (default 1).'),
        timeoutSeconds: z
          .number()
          .min(0)
          .max(WAIT_TIMEOUT_MAX_S)
          .optional()
          .describe(
            `Seconds to wait at most, 0-${WAIT_TIMEOUT_MAX_S} (default 30; 0 only looks at what is there).`,
          ),
        after: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Only requests with a larger id count. Default: every stored request.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) =>
      asSession(session, async (caller) => {
        const events: WebhookEvent[] = [];
        const ending = await collectEvents(
          caller,
          {
            match: args.q || undefined,
            method: args.method || undefined,
            count: args.count ?? 1,
            timeoutMs: Math.round((args.timeoutSeconds ?? 30) * 1000),
            after: args.after,
          },
          (event) => events.push(event),
          extra.signal,
        );
        const url = webhookUrlOf(caller);
        return {
          arrived: ending === 'done',
          requests: events.map((event) => describeEvent(event, url, WAIT_BODY_CHARS)),
        };
      }),
  );

  server.registerTool(
    'compare_requests',
    {
      title: 'Compare two captured requests',
      description: `Shows what differs between two captured requests, e.g. a delivery that worked and one that failed, or a retry and its original: method, path, query parameters, headers (names compared without regard to case; each listed as only in a, only in b, or different) and the body (field by field with JSON paths such as data.items[0].id when both bodies are JSON, else where the text first differs, with some context). "same": true when nothing differs.`,
      inputSchema: {
        a: eventId.describe('The id of the first request.'),
        b: eventId.describe('The id of the second request.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, async (caller) => {
        const [a, b] = await Promise.all([requireEvent(caller, args.a), requireEvent(caller, args.b)]);
        return { a: a.id, b: b.id, ...compareEvents(a, b) };
      }),
  );
}
