/**
 * The event stream (`GET /api/stream`), the way back for `--respond` answers and for plain
 * forwarders' reports, how many forwarders a session has (`GET /api/forwarders`, and
 * `forwarders-changed` to its browsers whenever one connects or goes), and the `hookbay` command
 * itself (`GET /cli/hookbay.mjs`, the file `npm run build` makes). The stream answer is written by
 * hand on the raw response (hijacked), since it stays open; the server ends every stream when it
 * shuts down.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FORWARDERS_CHANGED } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { base64JsonLimit } from '../../http/body-limits.js';
import { identityStillHolds, keyIdOfIdentity, requireUser, type AccessChecks } from '../../http/identity.js';
import { NotFoundError } from '../../http/errors.js';
import { refuseReadKey } from '../../http/route-access.js';
import { PACKAGE_ROOT } from '../../package-root.js';
import { error, invalid, media, notFound, okSchema, unauthorised } from '../../http/openapi/responses.js';
import { parseInput, type ZodRoutes } from '../../http/validation.js';
import type { Publisher } from '../../realtime/publisher.js';
import { toWebhookEvent } from '../webhooks/event-view.js';
import type { WebhooksRepo } from '../webhooks/webhooks.repo.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { startEventStream, type EventStream } from './event-stream.js';
import type { Responders } from './responders.js';
import type { StreamHub } from './stream-hub.js';
import { eventIdSchema } from '../webhooks/events.routes.js';

const ACCESS_ENDED_MESSAGE = 'This key was revoked, or the inspector went private, as the stream opened.';

// Built beside the server, so the compiled server and the installed package find it too.
const CLI_FILE = path.join(PACKAGE_ROOT, 'dist/cli/hookbay.mjs');
const CLI_NOT_BUILT_MESSAGE = 'The hookbay command is not built on this server (npm run build builds it).';

/** The built command, read once; null while it is not built (a checkout that ran no build yet). */
function cliFileReader(): () => Promise<Buffer | null> {
  let file: Buffer | null = null;
  return async () => {
    file ??= await fs.promises.readFile(CLI_FILE).catch(() => null);
    return file;
  };
}

export const streamQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'Last-Event-ID / after must be an event id.' })
    .int('Last-Event-ID / after must be an event id.')
    .min(0, 'Last-Event-ID / after must be an event id.')
    .optional(),
  respond: z.enum(['0', '1']).optional(),
});

/** A header line Node can send: a token name and a value without line breaks. */
const headerPair = z.tuple([
  z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'not a header name'),
  z.string().regex(/^[^\r\n\0]*$/, 'a header value cannot hold line breaks'),
]);

export const forwardedAnswerSchema = z.union([
  z.object({
    status: z.number().int().min(200).max(599),
    rawHeaders: z.array(headerPair).max(500),
    body: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'body must be base64'),
  }),
  z.object({ error: z.string().min(1).max(2000) }),
]);

const MAX_REPORTED_MS = 24 * 60 * 60 * 1000;
const reportedMs = z.number().int().min(0).max(MAX_REPORTED_MS);

/** What a plain forwarder reports after sending an event on: the target's status, or why there was none. */
export const forwardResultSchema = z.union(
  [
    z.object({ status: z.number().int().min(100).max(999), ms: reportedMs }).strict(),
    z.object({ error: z.string().min(1).max(2000), ms: reportedMs }).strict(),
  ],
  { error: 'Send {"status": 200, "ms": 12} or {"error": "connect ECONNREFUSED", "ms": 3}.' },
);

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;

export async function forwardingRoutes(
  instance: FastifyInstance,
  options: {
    repo: WebhooksRepo;
    webhooks: WebhooksService;
    hub: StreamHub;
    publisher: Publisher;
    responders: Responders;
    access: AccessChecks;
    keepAliveMs: number;
    /** Largest captured body; the forwarder's answer may carry one as large (as base64 in JSON). */
    captureMaxBytes: number;
  },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const readCli = cliFileReader();

  app.addHook('preClose', async () => options.hub.close());

  /** Tells the user's browsers how many forwarders their session has now. */
  const announceForwarders = (user: SessionUser) =>
    options.publisher.toUser(user.id, FORWARDERS_CHANGED, options.hub.forwarders(user.sessionId));

  app.get(
    '/api/forwarders',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'How many forwarders are connected to the session now',
        description:
          'Counted over every instance. The session’s browsers get `forwarders-changed` with the same shape ' +
          'whenever a forwarder connects or goes.',
        response: {
          200: z
            .object({
              count: z.number().int().describe('Forwarders (`hookbay forward`) streaming the session.'),
              responding: z.number().int().describe('Of those, the ones started with `--respond`.'),
            })
            .describe('The counts.'),
          ...unauthorised,
        },
      },
    },
    async (request) => options.hub.forwarders(requireUser(request).sessionId),
  );

  const streamSchema = {
    ...INSPECTOR,
    summary: 'The session’s captured requests as Server-Sent Events',
    description:
      'Each event as `id: <event id>`, `event: webhook-request`, `data: <the event JSON>`. With ' +
      '`Last-Event-ID` (or `after`) it first sends every visible event newer than that id, oldest ' +
      'first, then live ones, each once. A comment line at least every 15 s. `respond=1` marks a ' +
      '`hookbay forward --respond` forwarder: captures then wait for its answer.',
    querystring: streamQuerySchema.extend({ sessionId: z.string().optional() }),
    response: {
      200: media('text/event-stream', 'The stream.'),
      ...invalid,
      ...unauthorised,
      403: error('`respond=1` with a read key.'),
    },
  };

  // No automatic HEAD route: it would hold a stream open to send nothing.
  app.get(
    '/api/stream',
    { exposeHeadRoute: false, config: { ...SESSION, keyScope: 'read' }, schema: streamSchema },
    async (request, reply) => {
      const user = requireUser(request);
      const { respond } = request.query;
      // Answering for the captures changes what senders get: a read key may only watch.
      if (respond === '1') refuseReadKey(request);
      // An empty Last-Event-ID is what a client sends before it has seen any event.
      const lastEventId = request.headers['last-event-id'];
      const after = lastEventId
        ? parseInput(streamQuerySchema, { after: lastEventId }).after
        : request.query.after;
      const cursor = after ?? (await options.repo.listVisible(user.sessionId, { limit: 1 }))[0]?.id ?? 0;
      const raw = reply.raw;
      let stream: EventStream | null = null;
      let removeStream = async () => {};
      // Once it is live, the browsers are told when the forwarder comes and when it goes.
      let isLive = false;
      raw.on('close', () => {
        void removeStream().then(() => isLive && announceForwarders(user));
      });
      reply.hijack();
      removeStream = await options.hub.open(user.sessionId, {
        isForwarder: true,
        responding: respond === '1',
        keyId: keyIdOfIdentity(request.identity),
        poke: () => stream?.poke(),
        close: () => (stream ? stream.close() : raw.destroy()),
      });
      // A key revoked (or privacy turned on) while the stream was being registered closed only the
      // streams registered by then: this one checks for itself.
      if (!raw.destroyed && !(await identityStillHolds(request.identity, options.access))) {
        void removeStream();
        raw.writeHead(401, { 'content-type': 'application/json; charset=utf-8' });
        raw.end(JSON.stringify({ error: ACCESS_ENDED_MESSAGE }));
        return;
      }
      if (raw.destroyed) return void removeStream();
      // Sent once the other instances know of this stream, so a capture after this point reaches it.
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      raw.flushHeaders();
      isLive = true;
      announceForwarders(user);
      stream = startEventStream(raw, {
        readAfter: async (from, limit) =>
          (await options.repo.listVisibleAfter(user.sessionId, from, limit)).map((row) =>
            toWebhookEvent(row),
          ),
        cursor,
        keepAliveMs: options.keepAliveMs,
        onError: (error) => request.log.error({ err: error }, 'event stream read failed'),
      });
      stream.poke();
    },
  );

  const bodyLimit = base64JsonLimit(options.captureMaxBytes);
  app.post(
    '/api/events/:id/forwarded-response',
    {
      bodyLimit,
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'A `--respond` forwarder’s answer for a waiting capture',
        description:
          'The target’s status, headers and base64 body, or `{"error"}` when the target failed (the sender gets 502).',
        params: eventIdSchema,
        body: forwardedAnswerSchema,
        response: { 200: okSchema.describe('Passed on.'), ...invalid, ...unauthorised, ...notFound },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!(await options.repo.findVisible(user.sessionId, id))) {
        throw new NotFoundError('This request does not exist or was deleted.');
      }
      options.responders.deliver(id, request.body);
      return { ok: true };
    },
  );

  app.post(
    '/api/events/:id/forwarded',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'A forwarder’s report: what its target answered for a request',
        description:
          'Sent by `hookbay forward` after each request it passes on: `{"status", "ms"}`, or `{"error", "ms"}` ' +
          'when the target could not be reached. The request then carries it as `forwarded`, and the ' +
          'session’s browsers get `webhook-forwarded`. A later report replaces an earlier one.',
        params: eventIdSchema,
        body: forwardResultSchema,
        response: { 200: okSchema.describe('Recorded.'), ...invalid, ...unauthorised, ...notFound },
      },
    },
    async (request) => {
      await options.webhooks.recordForwarded(requireUser(request), request.params.id, request.body);
      return { ok: true };
    },
  );

  app.get(
    '/cli/hookbay.mjs',
    {
      schema: {
        ...INSPECTOR,
        summary: 'The `hookbay` command line (one file, Node 20)',
        description: 'Run `node hookbay.mjs --help` to see its commands.',
        response: {
          200: media('text/javascript', 'The script.'),
          404: error('This server was started from a checkout without a build.'),
        },
      },
    },
    async (_request, reply) => {
      const cli = await readCli();
      if (!cli) throw new NotFoundError(CLI_NOT_BUILT_MESSAGE);
      return reply.type('text/javascript; charset=utf-8').send(cli);
    },
  );
}
