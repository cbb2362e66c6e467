/**
 * The two Redis connections behind the Socket.IO adapter (one publishes, one subscribes). They
 * reconnect by themselves with backoff for as long as it takes. While Redis is away, events still
 * reach the sockets of this instance (the adapter delivers locally whatever happens to its
 * publish), publishing fails fast instead of queueing every event in memory, and the outage is
 * logged once when it starts and once when it ends.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createOutageLog } from '../outage-log.js';

export interface RedisPair {
  /** Only for the adapter, which takes any Redis client. */
  pub: object;
  sub: object;
  /** Resolves once both are connected, or after a startup wait: the instance serves without Redis meanwhile. */
  untilConnected(): Promise<void>;
  isConnected(): boolean;
  /** Resolves once Redis answers a PING; rejects at once while the connection is down. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Startup waits this long for Redis, then serves anyway and lets the clients keep trying. */
const STARTUP_WAIT_MS = 5000;
const MAX_RECONNECT_DELAY_MS = 2000;

/** 50 ms, 100 ms, 200 ms… up to 2 s, plus jitter so that instances do not retry in step. */
function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 200);
}

/**
 * The adapter calls these client methods without handling the promise they return, so a command
 * in flight when the connection drops (or refused while it is down) would be an unhandled
 * rejection, which ends a Node process. The proxy hands the adapter the same promises with a
 * handler attached.
 */
function withHandledRejections<C extends object>(
  client: C,
  methods: readonly string[],
  onRejected: (error: unknown) => void,
): C {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // node-redis keeps its state in private fields, so methods must run with the client itself as `this`.
      const method = value as (...args: unknown[]) => unknown;
      if (typeof property !== 'string' || !methods.includes(property)) return method.bind(target);
      return (...args: unknown[]) => {
        const result = method.apply(target, args);
        if (result instanceof Promise) result.catch(onRejected);
        return result;
      };
    },
  });
}

/**
 * Creates the adapter's two clients for `url` and starts connecting them; hand them to the adapter
 * at once, then await `untilConnected`. `onRecovered` runs when both are back after an outage, so
 * that the caller can make up for messages that could not be exchanged meanwhile.
 */
export async function openRedisPair(
  url: string,
  log: FastifyBaseLogger,
  onRecovered: () => void,
): Promise<RedisPair> {
  // Loaded only when Redis is configured: the client library alone holds megabytes.
  const { createClient } = await import('redis');
  const outage = createOutageLog(
    log,
    {
      down: 'Redis is unavailable: realtime events reach only the sockets of this instance until it is back',
      up: 'Redis is back: realtime events reach every instance again',
    },
    onRecovered,
  );
  const socket = { reconnectStrategy: reconnectDelay };
  // No offline queue for publishing: an event that cannot cross now is not worth holding in memory
  // (the browser catches up from the database when it reconnects).
  const pub = createClient({ url, socket, disableOfflineQueue: true });
  const sub = createClient({ url, socket });
  for (const [part, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (error: unknown) => outage.down(part, error));
    client.on('ready', () => outage.up(part));
    client.on('reconnecting', () => log.debug({ part }, 'reconnecting to Redis'));
  }
  // connect() settles only once connected, or rejects when the client is closed first. Started
  // here, before the adapter subscribes, so its subscriptions wait in the queue instead of failing.
  const connected = Promise.all([pub.connect(), sub.connect()]).then(() => undefined);
  // Nobody awaits it once the startup wait is over; a rejection then only means we are closing.
  connected.catch(() => undefined);

  const onPublishFailed = (error: unknown) => {
    // Refused because Redis is away: already logged as the outage.
    if (!pub.isReady) return;
    log.warn({ err: error }, 'publishing to Redis failed');
  };
  return {
    pub: withHandledRejections(pub, ['publish'], onPublishFailed),
    sub: withHandledRejections(sub, ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe'], () => {
      // A subscription lost with the connection is renewed by the client when it reconnects.
    }),
    isConnected: () => pub.isReady && sub.isReady,
    async ping() {
      // The subscriber cannot send PING in subscribe mode; it is checked by its state.
      if (!sub.isReady) throw new Error('the Redis subscriber is not connected');
      await pub.ping();
    },
    async untilConnected() {
      // Without Redis after the wait, the outage is already logged and the clients go on trying.
      const giveUp = new AbortController();
      await Promise.race([
        connected,
        delay(STARTUP_WAIT_MS, undefined, { signal: giveUp.signal, ref: false }),
      ]).catch(() => undefined);
      giveUp.abort();
    },
    async close() {
      await Promise.all(
        [pub, sub].map((client) =>
          client.isReady ? client.close().catch(() => client.destroy()) : client.destroy(),
        ),
      );
    },
  };
}
