/**
 * Sends queued click webhook messages. On each tick an instance claims the due messages in one
 * UPDATE (so instances sharing a database never send the same attempt twice), posts them with a
 * timeout, and writes each outcome: delivered on a 2xx, else retried after the next delay of the
 * schedule, else failed. FAILED_MESSAGES_TO_DISABLE failed messages in a row disable the endpoint.
 * The clock and the schedule are handed in, so tests run retries without waiting for them.
 */
import { randomUUID } from 'node:crypto';
import { FAILED_MESSAGES_TO_DISABLE, LINK_WEBHOOK_QUEUE_LIMIT } from '../../../../shared/link-webhooks.js';
import type { LinkWebhooksRepo } from './link-webhooks.repo.js';
import type { MessagesRepo, MessageOutcome, StoredMessage } from './messages.repo.js';
import { DISABLED_REASON } from './payloads.js';
import { DELIVERY_TIMEOUT_MS, type Sender } from './sender.js';

/** Waits before the 2nd, 3rd, … attempt; a message has one attempt more than delays. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
export const DELIVERY_INTERVAL_MS = 1000;
/** Pending messages one endpoint keeps; older ones are dropped, and shown as such. */
export const QUEUE_LIMIT = LINK_WEBHOOK_QUEUE_LIMIT;
/**
 * How often the queues are held to QUEUE_LIMIT: every tick, and between the batches of a pass
 * (a pass sending to endpoints that never answer lasts as long as their timeouts, while clicks
 * keep being queued).
 */
const QUEUE_CHECK_MS = 1000;
/** Finished messages kept per endpoint for its delivery list. */
export const HISTORY_LIMIT = 100;
const BATCH = 20;
const HOUSEKEEPING_MS = 30_000;
const ACTIVE_REFRESH_MS = 5_000;
/** A claim outlives a send's timeout, so a crashed instance's messages are retried after it. */
const CLAIM_MS = DELIVERY_TIMEOUT_MS + 30_000;

export const DROPPED_REASON = `Dropped: more than ${QUEUE_LIMIT} messages were waiting for this endpoint.`;

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'dropped';

export interface DeliveryWorker {
  /** One pass: housekeeping when due, then every due message. */
  runOnce(): Promise<void>;
  start(): void;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(deps: {
  endpoints: Pick<LinkWebhooksRepo, 'listById' | 'noteAttempt' | 'noteFailedMessage'>;
  messages: MessagesRepo;
  sender: Pick<Sender, 'send'>;
  refreshActiveSessions: () => Promise<void>;
  /**
   * False while no endpoint is enabled anywhere, as far as this instance knows (refreshed every few
   * seconds): nothing can be due then, so a tick touches the database only for that refresh.
   */
  hasActiveEndpoints: () => boolean;
  reportError: (error: unknown, message: string) => void;
  now?: () => number;
  retryDelaysMs?: readonly number[];
  intervalMs?: number;
  /** Told of each attempt's outcome (metrics). */
  onOutcome?: (outcome: DeliveryOutcome, count?: number) => void;
}): DeliveryWorker {
  const { endpoints, messages, sender } = deps;
  const now = deps.now ?? Date.now;
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const onOutcome = deps.onOutcome ?? (() => undefined);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastHousekeeping = -Infinity;
  let lastQueueCheck = -Infinity;
  let holding: Promise<void> | null = null;
  let lastRefresh = -Infinity;

  async function attempt(message: StoredMessage, claim: string, url: string, secret: string) {
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await sender.send(new URL(url), secret, message.messageId, message.payload, now());
      if (status < 200 || status > 299) error = `The endpoint answered ${status}.`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const at = now();
    const isDelivered = error === null;
    const delay = delays[message.attempts - 1];
    const outcome: MessageOutcome = isDelivered
      ? { state: 'delivered', nextAt: at, status, error, at }
      : delay === undefined
        ? { state: 'failed', nextAt: at, status, error, at }
        : { state: 'pending', nextAt: at + delay, status, error, at };
    if (!(await messages.finish(message.id, claim, outcome))) return;
    await endpoints.noteAttempt(message.endpointId, { status, error, at }, isDelivered);
    onOutcome(isDelivered ? 'delivered' : outcome.state === 'failed' ? 'failed' : 'retry');
    if (outcome.state === 'failed') {
      await endpoints.noteFailedMessage(message.endpointId, FAILED_MESSAGES_TO_DISABLE, DISABLED_REASON);
    }
  }

  /** One check at a time, on its own: a pass may be waiting on endpoints that never answer. */
  function holdQueues(at: number): Promise<void> {
    if (holding || at - lastQueueCheck < QUEUE_CHECK_MS) return holding ?? Promise.resolve();
    lastQueueCheck = at;
    holding = messages
      .dropOverflow(QUEUE_LIMIT, DROPPED_REASON, at)
      .then((dropped) => {
        if (dropped > 0) onOutcome('dropped', dropped);
      })
      .finally(() => (holding = null));
    return holding;
  }

  async function housekeeping(at: number) {
    await holdQueues(at);
    if (at - lastHousekeeping < HOUSEKEEPING_MS) return;
    lastHousekeeping = at;
    await messages.pruneHistory(HISTORY_LIMIT);
  }

  async function pass() {
    const at = now();
    if (at - lastRefresh >= ACTIVE_REFRESH_MS) {
      lastRefresh = at;
      await deps.refreshActiveSessions();
    }
    if (!deps.hasActiveEndpoints()) return;
    await housekeeping(at);
    const claim = randomUUID();
    for (;;) {
      const due = await messages.claimDue(now(), claim, now() + CLAIM_MS, BATCH);
      if (due.length === 0) return;
      const targets = await endpoints.listById([...new Set(due.map((message) => message.endpointId))]);
      await Promise.all(
        due.map((message) => {
          const target = targets.get(message.endpointId);
          // Deleted meanwhile: its messages went with it.
          return target ? attempt(message, claim, target.url, target.secret) : Promise.resolve();
        }),
      );
      if (due.length < BATCH) return;
    }
  }

  function runOnce(): Promise<void> {
    running ??= pass().finally(() => (running = null));
    return running;
  }

  return {
    runOnce,
    start() {
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => deps.reportError(error, 'delivering link webhooks failed'));
        if (running && deps.hasActiveEndpoints()) {
          holdQueues(now()).catch((error: unknown) =>
            deps.reportError(error, 'holding link webhook queues failed'),
          );
        }
      }, deps.intervalMs ?? DELIVERY_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      await holding?.catch(() => undefined);
    },
  };
}
