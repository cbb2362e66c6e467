/**
 * One delivery attempt, the Standard Webhooks way: `webhook-id`, `webhook-timestamp` (unix
 * seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed
 * with the bytes the `whsec_` secret carries in base64. Targets are checked like server-side
 * replay's: private and loopback addresses are refused unless REPLAY_ALLOW_PRIVATE is set.
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
export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export interface Sender {
  /** Refuses (ForbiddenError) a target whose address this server does not send to. */
  check(target: URL): Promise<void>;
  /** Posts the body signed; the target's status code, or throws an Error saying why there is none. */
  send(target: URL, secret: string, messageId: string, body: string, now: number): Promise<number>;
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

  function post(target: URL, headers: Record<string, string>, body: string, lookup?: Lookup) {
    return new Promise<number>((resolvePost, reject) => {
      // An abort is the timeout, whether it comes before the answer or while it is read.
      const fail = (error: Error) =>
        reject(
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? new Error(`${target.host} did not answer within ${timeoutMs / 1000} seconds.`)
            : reasonOf(target, error),
        );
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        {
          method: 'POST',
          headers,
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
      request.on('error', fail);
      request.end(body);
    });
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
    async send(target, secret, messageId, body, now) {
      const timestamp = Math.floor(now / 1000);
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Hookbay-Webhooks/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureOf(secret, messageId, timestamp, body),
        connection: 'close',
      };
      let lookup: Lookup | undefined;
      try {
        lookup = await lookupFor(target);
      } catch (error) {
        throw reasonOf(target, error);
      }
      return post(target, headers, body, lookup);
    },
  };
}
