/**
 * One delivery attempt of the outbox. Signed messages go the Standard Webhooks way: `webhook-id`,
 * `webhook-timestamp` (unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}">`, keyed with the bytes the `whsec_` secret carries in base64. Every
 * attempt's target is checked like server-side replay's: private and loopback addresses are
 * refused unless REPLAY_ALLOW_PRIVATE is set.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { ForbiddenError } from '../../http/errors.js';
import {
  pinnedLookup,
  resolveWithDns,
  unreachableMessage,
  vetTarget,
  type Resolver,
} from '../replay/address-guard.js';

type Lookup = ReturnType<typeof pinnedLookup>;

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export const DELIVERY_TIMEOUT_MS = 10_000;

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The `webhook-signature` header value for one message. */
export function signatureOf(
  secret: string,
  messageId: string,
  timestamp: number,
  body: string | Buffer,
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers for one message sent at `now`. */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string | Buffer,
  now: number,
): [string, string][] {
  const timestamp = Math.floor(now / 1000);
  return [
    ['webhook-id', messageId],
    ['webhook-timestamp', String(timestamp)],
    ['webhook-signature', signatureOf(secret, messageId, timestamp, body)],
  ];
}

/** A request as the target gets it: headers in order and case, as name/value pairs. */
export interface OutgoingRequest {
  method: string;
  headers: [string, string][];
  body: string | Buffer;
}

export interface Sender {
  /** Refuses (ForbiddenError) a target whose address this server does not send to. */
  check(target: URL): Promise<void>;
  /** Posts the JSON body signed; the target's status code, or throws an Error saying why there is none. */
  send(target: URL, secret: string, messageId: string, body: string, now: number): Promise<number>;
  /** Sends the request as given, after vetting the target again; its status code, or throws as send does. */
  deliver(target: URL, request: OutgoingRequest): Promise<number>;
}

function reasonOf(target: URL, error: unknown): Error {
  if (error instanceof ForbiddenError) return new Error(error.message);
  return new Error(unreachableMessage(target, error));
}

export function createSender(options: {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}): Sender {
  const resolve = options.resolve ?? resolveWithDns;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;

  async function lookupFor(target: URL) {
    if (options.allowPrivate) return undefined;
    return pinnedLookup(await vetTarget(target, resolve, 'Delivery'));
  }

  function request(target: URL, outgoing: OutgoingRequest, lookup?: Lookup) {
    return new Promise<number>((resolvePost, reject) => {
      // An abort is the timeout, whether it comes before the answer or while it is read.
      const fail = (error: Error) =>
        reject(
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? new Error(`${target.host} did not answer within ${timeoutMs / 1000} seconds.`)
            : reasonOf(target, error),
        );
      const sending = (target.protocol === 'https:' ? https : http).request(
        target,
        {
          method: outgoing.method,
          headers: outgoing.headers.flat(),
          agent: false,
          signal: AbortSignal.timeout(timeoutMs),
          ...(lookup && { lookup }),
        },
        (response) => {
          // The answer's body is not kept; reading it lets the connection end cleanly.
          response.resume();
          response.on('end', () => resolvePost(response.statusCode ?? 0));
          response.on('error', fail);
        },
      );
      sending.on('error', fail);
      sending.end(outgoing.body);
    });
  }

  async function deliver(target: URL, outgoing: OutgoingRequest): Promise<number> {
    // Headers given as pairs get no Host from Node.
    const hasHost = outgoing.headers.some(([name]) => name.toLowerCase() === 'host');
    const headers: [string, string][] = hasHost
      ? outgoing.headers
      : [['host', target.host], ...outgoing.headers];
    let lookup: Lookup | undefined;
    try {
      lookup = await lookupFor(target);
    } catch (error) {
      throw reasonOf(target, error);
    }
    return request(target, { ...outgoing, headers }, lookup);
  }

  return {
    async check(target) {
      if (options.allowPrivate) return;
      try {
        await vetTarget(target, resolve, 'Delivery');
      } catch (error) {
        if (error instanceof ForbiddenError) throw error;
        // A name that does not resolve yet may later; deliveries will say so.
      }
    },
    send(target, secret, messageId, body, now) {
      const headers: [string, string][] = [
        ['content-type', 'application/json'],
        ['content-length', String(Buffer.byteLength(body))],
        ['user-agent', 'Hookbay-Webhooks/1'],
        ...signedHeaders(secret, messageId, body, now),
        ['connection', 'close'],
      ];
      return deliver(target, { method: 'POST', headers, body });
    },
    deliver,
  };
}
