import { isUtf8 } from 'node:buffer';
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { isSetByConnection } from '../../../../shared/hop-by-hop.js';
import {
  REPLAY_ANSWER_MAX_BYTES,
  REPLAY_TIMEOUT_MS,
  type HeaderPairs,
  type ReplayAnswer,
} from '../../../../shared/replay.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { CAPTURE_PREFIX } from '../../../../shared/webhooks.js';
import { ForbiddenError, HttpError } from '../../http/errors.js';
import { headerPairs, parseRawHeaders } from '../webhooks/event-view.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import {
  pinnedLookup,
  resolveWithDns,
  unreachableMessage,
  vetTarget,
  type Resolver,
} from './address-guard.js';

/** What to change before sending; anything left out comes from the stored request. */
interface ReplayOverrides {
  method?: string;
  headers?: HeaderPairs;
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
}

/**
 * The target could not be reached or did not answer in time; the message says which. A 502 that
 * shows its message: not the server's fault, and the user needs to know what the target did.
 */
export class TargetUnreachableError extends HttpError {
  override readonly exposeMessage = true;

  constructor(message: string) {
    super(502, message);
  }
}

export interface ReplayService {
  /**
   * Sends the user's stored event once to `target` and gives back the answer. A target that is
   * this server's own capture URL (its origin is one of `ownOrigins`) is handed to the server
   * directly, so it is captured again without leaving the process. Throws NotFoundError for an
   * unknown event, ForbiddenError for a refused address, TargetUnreachableError otherwise.
   */
  replay(
    user: SessionUser,
    id: number,
    target: URL,
    overrides: ReplayOverrides,
    ownOrigins: string[],
  ): Promise<ReplayAnswer>;
  /**
   * Sends a request made elsewhere (a rule's callback) the same way: the same address guard,
   * naming `action` in a refusal, the same timeout and answer. Host, Content-Length and Connection
   * are set for the target. Throws ForbiddenError or TargetUnreachableError.
   */
  send(target: URL, outgoing: OutgoingRequest, ownOrigins: string[], action: string): Promise<ReplayAnswer>;
}

export interface OutgoingRequest {
  method: string;
  headers: HeaderPairs;
  body: Buffer;
}

/** How the request reaches its target: over the network to vetted addresses, or into this server. */
type Route = Pick<http.RequestOptions, 'lookup' | 'createConnection' | 'agent'>;

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

/**
 * The headers for the target: the source's in order and case, Host first, Content-Length and
 * Connection last. One request per connection: nothing is left open once the answer is in.
 */
export function targetHeaders(target: URL, source: HeaderPairs, method: string, body: Buffer): HeaderPairs {
  const hadLength = source.some(([name]) => name.toLowerCase() === 'content-length');
  const headers: HeaderPairs = [
    ['Host', target.host],
    ...source.filter(([name]) => !isSetByConnection(name)),
  ];
  // Without a length Node would send the body chunked, which the original may not have been.
  if (body.length > 0 || hadLength || !BODYLESS_METHODS.has(method)) {
    headers.push(['Content-Length', String(body.length)]);
  }
  headers.push(['Connection', 'close']);
  return headers;
}

function isOwnCaptureUrl(target: URL, ownOrigins: string[]): boolean {
  const { pathname } = target;
  return (
    ownOrigins.includes(target.origin) &&
    pathname.startsWith(CAPTURE_PREFIX) &&
    pathname.length > CAPTURE_PREFIX.length
  );
}

function unreachable(target: URL, error: unknown, timeoutMs: number | null): TargetUnreachableError {
  if (timeoutMs !== null) {
    return new TargetUnreachableError(`${target.host} did not answer within ${timeoutMs / 1000} seconds.`);
  }
  return new TargetUnreachableError(unreachableMessage(target, error));
}

function toAnswer(response: http.IncomingMessage, chunks: Buffer[], truncated: boolean, started: number) {
  const body = Buffer.concat(chunks);
  const isText = isUtf8(body);
  return {
    status: response.statusCode ?? 0,
    headers: headerPairs(response.rawHeaders),
    body: body.toString(isText ? 'utf8' : 'base64'),
    bodyEncoding: isText ? 'utf8' : 'base64',
    truncated,
    durationMs: Math.round(performance.now() - started),
  } satisfies ReplayAnswer;
}

/** One request, one answer: no redirects followed, the answer body kept up to REPLAY_ANSWER_MAX_BYTES. */
function send(
  target: URL,
  outgoing: OutgoingRequest,
  route: Route,
  timeoutMs: number,
): Promise<ReplayAnswer> {
  const started = performance.now();
  const controller = new AbortController();
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const timer = setTimeout(() => {
      controller.abort();
      // Settles even if the aborted request reports nothing further.
      fail(new Error('timed out'));
    }, timeoutMs);
    const settle = (finish: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      finish();
    };
    const fail = (error: unknown) =>
      settle(() => reject(unreachable(target, error, controller.signal.aborted ? timeoutMs : null)));
    const request = (target.protocol === 'https:' ? https : http).request(
      {
        protocol: target.protocol,
        hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port || undefined,
        path: target.pathname + target.search,
        method: outgoing.method,
        headers: outgoing.headers.flat(),
        signal: controller.signal,
        ...route,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          const room = REPLAY_ANSWER_MAX_BYTES - kept;
          chunks.push(chunk.subarray(0, room));
          kept += Math.min(chunk.length, room);
          if (chunk.length <= room) return;
          settle(() => resolve(toAnswer(response, chunks, true, started)));
          request.destroy();
        });
        response.on('end', () => settle(() => resolve(toAnswer(response, chunks, false, started))));
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(outgoing.body);
  });
}

export function createReplayService(deps: {
  webhooks: Pick<WebhooksService, 'stored'>;
  /** Lets replay reach loopback, private and link-local addresses (REPLAY_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** A connection into this server, as if a client had connected to it. */
  connectToSelf: () => Duplex;
  resolve?: Resolver;
  timeoutMs?: number;
}): ReplayService {
  const resolve = deps.resolve ?? resolveWithDns;
  const timeoutMs = deps.timeoutMs ?? REPLAY_TIMEOUT_MS;

  async function routeTo(target: URL, ownOrigins: string[], action?: string): Promise<Route> {
    if (isOwnCaptureUrl(target, ownOrigins)) return { createConnection: deps.connectToSelf };
    if (deps.allowPrivate) return { agent: false };
    try {
      return { agent: false, lookup: pinnedLookup(await vetTarget(target, resolve, action)) };
    } catch (error) {
      if (error instanceof ForbiddenError) throw error;
      throw unreachable(target, error, null);
    }
  }

  return {
    async replay(user, id, target, overrides, ownOrigins) {
      const stored = await deps.webhooks.stored(user, id);
      const method = overrides.method ?? stored.method;
      const body =
        overrides.body === undefined
          ? stored.body
          : Buffer.from(overrides.body, overrides.bodyEncoding ?? 'utf8');
      const source = overrides.headers ?? parseRawHeaders(stored.raw_headers);
      const route = await routeTo(target, ownOrigins);
      return send(
        target,
        { method, headers: targetHeaders(target, source, method, body), body },
        route,
        timeoutMs,
      );
    },
    async send(target, { method, headers, body }, ownOrigins, action) {
      const route = await routeTo(target, ownOrigins, action);
      return send(
        target,
        { method, headers: targetHeaders(target, headers, method, body), body },
        route,
        timeoutMs,
      );
    },
  };
}
