/** The MCP tools that act: scripted responses, server-side replay, and signature checks. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { recogniseWebhook } from '../../shared/providers.js';
import type { ResponseRules } from '../../shared/responses.js';
import type { ReplayAnswer } from '../../shared/replay.js';
import { api, bodyOf } from '../api.js';
import type { McpSession } from './session.js';
import {
  HASHES,
  SCHEMES,
  SIGNATURE_ENCODINGS,
  schemeFor,
  TIMESTAMP_TOLERANCE_SECONDS,
  verifySignature,
} from './signatures.js';
import { asSession, requireEvent } from './tool-kit.js';

const eventId = z.number().int().positive();

const responseSchema = z.object({
  status: z
    .union([z.number().int(), z.string()])
    .optional()
    .describe(
      'The HTTP status, 100-599 (default 200), or a template that gives one, e.g. "{{query.status}}".',
    ),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'Header names to values, e.g. {"Content-Type": "application/json"}; values may hold templates.',
    ),
  body: z.string().optional().describe('The body text, at most 64 KiB; may hold templates.'),
  delayMs: z
    .number()
    .int()
    .min(0)
    .max(30_000)
    .optional()
    .describe('Milliseconds to wait before answering (or before the fault), 0-30000.'),
  fault: z
    .enum(['reset', 'close', 'timeout'])
    .optional()
    .describe(
      'Instead of an answer: "reset" resets the connection before any answer, "close" closes it after the head before the body ends, "timeout" never answers (the sender gives up; at most 5 minutes). A fault takes no status, headers or body.',
    ),
});

export const ruleSchema = z.object({
  method: z.string().optional().describe('"*" (default: any) or one HTTP method, e.g. "POST".'),
  path: z
    .string()
    .optional()
    .describe(
      'A glob over the path below the webhook URL: "/" is the URL itself, "/github", "/hooks/*"; "*" matches any run of characters, "/" included. Default "*" (every path).',
    ),
  responses: z
    .array(responseSchema)
    .min(1)
    .max(20)
    .describe('1-20 responses, used in turn by the matching requests.'),
  then: z
    .enum(['repeat-last', 'cycle'])
    .optional()
    .describe('After the last response: "repeat-last" (default) keeps giving it, "cycle" starts over.'),
  chance: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe(
      'Percent of the matching requests this rule answers; the others go on to the next rule. Default: all.',
    ),
  seed: z
    .number()
    .int()
    .optional()
    .describe('With chance: makes the draws repeat the same way each time the rules are saved.'),
});

export function registerActionTools(server: McpServer, session: McpSession): void {
  server.registerTool(
    'get_responses',
    {
      title: 'Get the scripted responses',
      description:
        'Returns the scripted response rules of the webhook URL, as set_responses stored them: how it answers the requests it captures. [] means every request is answered 200 {"ok":true,"id":…}. Read them before set_responses when you mean to change one rule and keep the others, since set_responses replaces them all.',
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    () => asSession(session, (caller) => api<ResponseRules>(caller, '/api/responses')),
  );

  server.registerTool(
    'set_responses',
    {
      title: 'Script how the webhook URL answers',
      description: `Replaces all scripted responses of the webhook URL: how it answers the requests it captures. Use it to test how a sender handles an error status, a slow answer or a dropped connection, or to answer a verification challenge. Every request is still stored; the answer each sender got shows in read_request.
Rules are tried in order and the first whose method and path match answers. The n-th request a rule matches since the rules were saved gets responses[n-1]; after the last response, then = "repeat-last" (default) repeats it and "cycle" starts over. Requests no rule matches get 200 {"ok":true,"id":…}. rules: [] goes back to that default. Saving resets every sequence.
Templates: status, header values and body may contain {{method}}, {{path}}, {{query.NAME}}, {{header.NAME}} (any case), {{body}} (the raw body as text), {{body.a.b[0]}} (a field of a JSON body), {{uuid}} and {{now}} (ISO 8601 time); a missing value is empty. E.g. a Slack url_verification check: {"status": 200, "headers": {"Content-Type": "text/plain"}, "body": "{{body.challenge}}"}.
Faults instead of an answer: {"fault": "reset"} resets the connection before any answer, {"fault": "close"} closes it after the head, before the body ends, {"fault": "timeout"} sends nothing until the sender gives up (at most 5 minutes); the request is stored with answered status 0.
Limits: at most 50 rules, 1-20 responses per rule, 20 headers per response (hop-by-hop headers and Content-Length are refused), body 64 KiB, delayMs 0-30000, status 100-599. Returns the rules as stored, defaults filled in; invalid rules change nothing and the error names the field.`,
      inputSchema: {
        rules: z.array(ruleSchema).max(50).describe('The rules, tried in order; [] for the default answer.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, (caller) =>
        api<ResponseRules>(caller, '/api/responses', { method: 'PUT', body: { rules: args.rules } }),
      ),
  );

  server.registerTool(
    'replay_request',
    {
      title: 'Replay a captured request to a URL',
      description: `Sends a captured request once more, from the Hookbay server, to a URL you name, and returns the target's answer: status, headers as [name, value] pairs, body (UTF-8 text or base64, see bodyEncoding; the first 1 MiB), and durationMs. Method, headers and body are the stored ones unless given here; the path and query are the URL's. Use it to re-send a webhook to a fixed endpoint, or with an edited body or header.
The server refuses targets on loopback, private or link-local addresses (localhost, 10.x, 192.168.x, …) with 403 unless it runs with REPLAY_ALLOW_PRIVATE=true, follows no redirects, gives up after 10 s (502), and allows a limited number of replays per minute (429). To reach an app on this machine, run \`hookbay replay <webhook URL> <id> --to http://localhost:…\` in a shell instead; the Hookbay server's own webhook URLs always work.`,
      inputSchema: {
        id: eventId.describe('The id of the captured request to send.'),
        url: z.string().describe('The http:// or https:// URL to send it to.'),
        method: z.string().optional().describe('Another method, e.g. "PUT"; default: the stored one.'),
        headers: z
          .array(z.tuple([z.string(), z.string()]))
          .optional()
          .describe('Header lines to send instead of the stored ones, as [name, value] pairs in order.'),
        body: z.string().optional().describe('Another body; default: the stored one.'),
        bodyEncoding: z
          .enum(['utf8', 'base64'])
          .optional()
          .describe('How "body" is written: "utf8" text (default) or "base64" bytes.'),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    ({ id, ...replay }) =>
      asSession(session, (caller) =>
        api<ReplayAnswer>(caller, `/api/events/${id}/replay`, { method: 'POST', body: replay }),
      ),
  );

  server.registerTool(
    'verify_signature',
    {
      title: 'Verify a webhook signature',
      description: `Checks the HMAC signature of a captured request with the signing secret, over its raw body bytes exactly as received, the way the sender's own libraries do. Schemes: "github-sha256" (X-Hub-Signature-256: sha256=<hex>), "github-sha1" (X-Hub-Signature: sha1=<hex>), "stripe" (Stripe-Signature: t=<time>,v1=<hex> over "<time>.<body>"), "shopify" (X-Shopify-Hmac-Sha256: base64), "slack" (X-Slack-Signature: v0=<hex> over "v0:<X-Slack-Request-Timestamp>:<body>"), "standard-webhooks" (Svix, Resend, Clerk: webhook-signature: v1,<base64> over "<webhook-id>.<webhook-timestamp>.<body>", secret whsec_<base64>), or "custom": any header, hash, encoding and prefix. Without a scheme it is picked from the sender Hookbay recognises; for other senders give scheme "custom" and the header.
Returns valid (true/false), the algorithm, the header, what was signed, the expected signature next to the received ones, and for timestamped schemes ageSeconds (Stripe, Slack and Standard Webhooks refuse signatures older than ${TIMESTAMP_TOLERANCE_SECONDS / 60} minutes). The secret is used here only and never sent anywhere.`,
      inputSchema: {
        id: eventId.describe('The id of the captured request.'),
        secret: z.string().min(1).describe('The signing secret the sender was configured with.'),
        scheme: z
          .enum(SCHEMES)
          .optional()
          .describe("The signature scheme; default: the recognised sender's own."),
        header: z.string().optional().describe('With scheme "custom": the header that holds the signature.'),
        hash: z.enum(HASHES).optional().describe('With scheme "custom": the hash (default SHA-256).'),
        encoding: z
          .enum(SIGNATURE_ENCODINGS)
          .optional()
          .describe('With scheme "custom": how the signature is written (default hex).'),
        prefix: z
          .string()
          .optional()
          .describe(
            'With scheme "custom": text before the signature in the header, e.g. "sha256=" (default none).',
          ),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, async (caller) => {
        const event = await requireEvent(caller, args.id);
        const provider = recogniseWebhook(event.headers, event.payload).provider;
        const scheme = args.scheme ?? (args.header ? 'custom' : schemeFor(provider, event.headers));
        if (!scheme) {
          throw new Error(
            'Hookbay does not recognise who sent this request: give scheme "custom" and the header that holds the signature (with hash, encoding and prefix if they differ from SHA-256, hex and none).',
          );
        }
        const outcome = verifySignature({
          scheme,
          headers: event.headers,
          body: await bodyOf(caller, event),
          secret: args.secret,
          custom: {
            header: args.header ?? '',
            hash: args.hash ?? 'SHA-256',
            encoding: args.encoding ?? 'hex',
            prefix: args.prefix ?? '',
          },
          now: Date.now(),
        });
        if ('problem' in outcome) throw new Error(outcome.problem);
        return outcome;
      }),
  );
}
