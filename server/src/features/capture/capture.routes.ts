/**
 * The capture endpoint: /webhook/{sessionId} and every path below it, for every method Node
 * accepts. Fastify's body parsing is switched off inside this plugin only: the handler reads the
 * raw request stream itself, so the body is kept byte for byte whatever its content type, GET and
 * HEAD bodies included, and an oversized body can be cut off while still being recorded.
 */
import http from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientIp } from '../../http/client-ip.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import { error, errorSchema } from '../../http/openapi/responses.js';
import { z } from 'zod';
import { CAPTURE_PREFIX } from '../../../../shared/webhooks.js';
import { armedAnswer } from '../conformance/armed-answer.js';
import type { ConformanceService } from '../conformance/conformance.service.js';
import type { StartCallback } from '../callbacks/capture-callbacks.js';
import type { RelaysService } from '../relays/relays.service.js';
import { chooseAnswer } from '../responses/choose-answer.js';
import { createHeldConnections } from '../responses/faults.js';
import type { CaptureCounts } from '../metrics/metrics.service.js';
import type { NameLookup } from '../inspectors/names.service.js';
import type { CaptureSettings } from '../inspectors/settings.service.js';
import type { ResponsesService } from '../responses/responses.service.js';
import { SUSPENDED_MESSAGE, type Suspensions } from '../sessions/sessions-admin.service.js';
import { AWAITING_FORWARDER, type Responders } from '../forwarding/responders.js';
import { jsonBodyOnce } from '../contracts/json-body.js';
import { headerPairs } from '../webhooks/event-view.js';
import { runJudges, type Judge, type Judgement } from '../webhooks/judges.js';
import { sandboxAnswer } from '../webhooks/answer-sandbox.js';
import { readBody } from './read-body.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';

const UNKNOWN_SESSION = 'No webhook URL with this session id. Open Hookbay to get yours.';
const NOT_JUDGED: Judgement = { verdicts: {}, refusal: null };

/** Methods Fastify routes on its own; every other method Node parses is added for capture. */
const BUILT_IN_METHODS = new Set([
  'GET',
  'HEAD',
  'TRACE',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'PUT',
  'POST',
  'QUERY',
]);
export const EXTRA_CAPTURE_METHODS = http.METHODS.filter(
  (method) => !BUILT_IN_METHODS.has(method) && method !== 'CONNECT',
);
const CAPTURE_METHODS = [...BUILT_IN_METHODS, ...EXTRA_CAPTURE_METHODS];

/** For the API document only: the body is read raw, so no schema checks anything here. */
const captureSchema = {
  tags: ['Webhook Inspector'],
  summary: 'Capture a request',
  description:
    'Any method, any content type and any body (GET and HEAD bodies too) is captured and kept byte ' +
    'for byte, up to CAPTURE_MAX_BYTES; this includes QUERY, WebDAV and the other methods Node.js ' +
    'parses (PROPFIND, PURGE, …), which OpenAPI cannot list as operations. The answer is ' +
    '`{"ok": true, "id": …}` unless scripted responses or a responding forwarder say otherwise; ' +
    'whatever it is, it is sandboxed (it cannot run as Hookbay or set its cookies).',
  response: {
    200: z.object({ ok: z.literal(true), id: z.number().int() }).describe('Stored.'),
    401: errorSchema
      .extend({ id: z.number().int() })
      .describe('A signing secret with refuseInvalid found the signature invalid; the request was stored.'),
    404: error('No webhook URL with this session id or inspector name.'),
    410: error('An admin suspended this webhook URL, or the inspector expired; nothing was stored.'),
    413: errorSchema
      .extend({ id: z.number().int() })
      .describe('The body is over the capture limit; its start was kept.'),
    502: error('A `--respond` forwarder is connected and its target failed.'),
    504: error('A `--respond` forwarder is connected and did not answer in time.'),
  },
};

function splitUrl(url: string, address: string): { path: string; queryString: string } {
  const rest = url.slice(CAPTURE_PREFIX.length + address.length);
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  return { path: path || '/', queryString: queryAt === -1 ? '' : rest.slice(queryAt + 1) };
}

/** Every method a capture URL takes, for the CORS headers: joined once, not on every capture. */
const ALLOWED_METHODS = CAPTURE_METHODS.join(', ');

function allowCors(request: FastifyRequest, reply: FastifyReply): void {
  const requestedHeaders = request.headers['access-control-request-headers'];
  reply.headers({
    'access-control-allow-origin': request.headers.origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': request.headers['access-control-request-method'] ?? ALLOWED_METHODS,
    'access-control-allow-headers': requestedHeaders ?? '*',
    'access-control-expose-headers': '*',
    'access-control-max-age': '86400',
    vary: 'Origin',
  });
}

export async function captureRoutes(
  app: FastifyInstance,
  options: {
    webhooks: WebhooksService;
    responses: ResponsesService;
    /** Told of each stored capture, which it passes on in the background. */
    relays: Pick<RelaysService, 'noteCapture'>;
    conformance: ConformanceService;
    responders: Responders;
    suspensions: Suspensions;
    /** The session behind a webhook URL address: a session id, or an inspector name. */
    names: NameLookup;
    /** An inspector's own lifetime (410 once over) and CORS switch. */
    settings: CaptureSettings;
    captureMaxBytes: number;
    /** Captures by outcome (metrics). */
    counts: CaptureCounts;
    /** Give verdicts on each capture before it is stored (signing secrets, contracts). */
    judges: Judge[];
    /** Starts a rule's callback once the capture is answered. */
    startCallback: StartCallback;
  },
) {
  const { counts } = options;
  // The handler throws 404 only for an unknown session and 410 only for a suspended one.
  const countFailure = async (_request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
    const status = error.statusCode;
    counts[status === 404 ? 'unknownSession' : status === 410 ? 'suspended' : 'error'].inc();
  };
  app.removeAllContentTypeParsers();
  // Leave the stream unread; the handler reads it.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // Fastify checks the Content-Type before any handler runs: it answers 415 to a malformed one
  // ("json", "text; charset=utf-8") and 400 to a QUERY request without one, so such requests
  // would never be captured. The handler reads the sender's Content-Type from rawHeaders, so
  // for Fastify's sake the parsed header is replaced by a well-formed one that the catch-all
  // parser above takes. rawHeaders (what is stored and shown) is left untouched.
  app.addHook('onRequest', async (request) => {
    request.raw.headers['content-type'] = 'application/octet-stream';
  });
  app.addHook('onSend', sandboxAnswer);
  // Connections a `timeout` fault holds would keep the server from closing.
  const held = createHeldConnections();
  app.addHook('preClose', async () => held.closeAll());

  async function handleCapture(
    request: FastifyRequest<{ Params: { sessionId: string } }>,
    reply: FastifyReply,
  ) {
    allowCors(request, reply);
    // The address is a session id or an inspector name; a name costs one cached lookup.
    const address = request.params.sessionId;
    const found = options.names.sessionOf(address);
    const sessionId = found instanceof Promise ? await found : found;
    // Checked before the body is read, so a request for no one costs neither memory nor a drain.
    const owner = sessionId !== null ? await options.webhooks.ownerOf(sessionId) : null;
    if (!owner || sessionId === null) throw new NotFoundError(UNKNOWN_SESSION);
    const admitted = options.settings.admitCapture(sessionId, reply);
    if (admitted) await admitted;
    // Answered from memory, without awaiting, after a session's first capture; nothing of the
    // request is stored.
    const suspended = options.suspensions.isSuspended(sessionId);
    if (suspended === true || (suspended !== false && (await suspended))) {
      throw new HttpError(410, SUSPENDED_MESSAGE);
    }
    const { body, size, truncated, complete } = await readBody(request.raw, options.captureMaxBytes);
    if (!complete) {
      // The rest of the body is left unread, so this connection cannot be reused.
      reply.header('connection', 'close');
    }
    const rawHeaders = headerPairs(request.raw.rawHeaders);
    const target = splitUrl(request.url, address);
    const contentType = headerValue(rawHeaders, 'content-type');
    const createdAt = Date.now();
    // Parsed once, by the first judge that needs it, and reused for the stored event's view.
    const json = jsonBodyOnce({ rawHeaders, body, truncated });
    // Judged once, before storing, so the verdicts are stored with the request. A body cut at the
    // size limit is not judged: what was signed is not all there.
    const judged = truncated
      ? NOT_JUDGED
      : runJudges(options.judges, sessionId, {
          method: request.method,
          ...target,
          rawHeaders,
          body,
          truncated,
          json: json.read,
          contentType,
          receivedAt: createdAt,
        });
    const { verdicts, refusal } = judged instanceof Promise ? await judged : judged;
    // A judge's refusal (an invalid signature) answers before a forwarder or scripted rules; otherwise
    // a `hookbay forward --respond` forwarder answers first (an oversized body still gets 413), then
    // an armed sender test, then scripted rules decide, before the event is stored, so that the
    // event records it.
    const awaitsForwarder = !truncated && !refusal && options.responders.isAwaited(sessionId);
    // An armed sender test answers before the rules; null at once for sessions without one.
    const testing =
      awaitsForwarder || truncated || refusal
        ? null
        : armedAnswer(options.conformance, { sessionId, ...target, rawHeaders, body }, held);
    const armed = testing === null ? null : await testing;
    // Most sessions have no rules: once that is known, their captures skip the lookup entirely.
    const scripted =
      armed ??
      (awaitsForwarder || refusal || options.responses.isKnownRuleless(sessionId)
        ? null
        : await chooseAnswer(
            options.responses,
            { sessionId, method: request.method, ...target, rawHeaders, body, truncated },
            held,
          ));
    const event = await options.webhooks.capture(
      owner,
      {
        sessionId,
        method: request.method,
        ...target,
        rawHeaders,
        body,
        size,
        truncated,
        contentType,
        ip: clientIp(request),
        userAgent: request.headers['user-agent'] ?? null,
        createdAt,
        response: awaitsForwarder
          ? AWAITING_FORWARDER
          : (scripted?.record ?? { status: refusal?.status ?? (truncated ? 413 : 200), source: 'default' }),
        verdicts,
      },
      json.parsed(),
    );
    // A body cut at the size limit is not passed on: the destination would take a part for the whole.
    const relayed = truncated ? null : options.relays.noteCapture(sessionId, event, body);
    if (relayed) await relayed;
    if (refusal) {
      counts.refused.inc();
      return reply.status(refusal.status).send({ error: refusal.error, id: event.id });
    }
    if (awaitsForwarder) {
      counts.forwarder.inc();
      return options.responders.relay(owner, event, reply);
    }
    if (truncated) {
      counts.tooLarge.inc();
      return reply.status(413).send({
        error: `The body is larger than the ${options.captureMaxBytes} byte limit; only its start was kept.`,
        id: event.id,
      });
    }
    if (scripted) {
      counts.rule.inc();
      if (scripted.callback) options.startCallback(request, reply, owner, event.id, scripted.callback);
      return scripted.send(reply);
    }
    counts.default.inc();
    return { ok: true, id: event.id };
  }

  for (const url of ['/webhook/:sessionId', '/webhook/:sessionId/*']) {
    // The security headers would only cost time: answers get the sandbox above instead.
    app.route({
      method: CAPTURE_METHODS,
      url,
      schema: captureSchema,
      handler: handleCapture,
      config: { securityHeaders: false },
      onError: countFailure,
    });
  }
}

/** The first value of a header, as Node's request.headers keeps it for Content-Type. */
function headerValue(rawHeaders: [string, string][], lowerName: string): string | null {
  return rawHeaders.find(([name]) => name.toLowerCase() === lowerName)?.[1] ?? null;
}
