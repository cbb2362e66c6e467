/**
 * The one delivery engine: sends the outbox's messages for each kind of user (click webhooks,
 * relays). On each tick an instance claims the due messages in one UPDATE (so instances sharing a
 * database never send the same attempt twice), sends them with a timeout through their user, and
 * writes each outcome: delivered on a 2xx, else retried after the next delay of the schedule, else
 * failed. FAILED_MESSAGES_TO_DISABLE failed messages in a row disable the endpoint. The clock and
 * the schedule are handed in, so tests run retries without waiting for them.
 */
import { randomUUID } from 'node:crypto';
import { FAILED_MESSAGES_TO_DISABLE, LINK_WEBHOOK_QUEUE_LIMIT } from '../../../../shared/link-webhooks.js';
import type { DeliveryKind, MessagesRepo, MessageOutcome, StoredMessage } from './outbox.repo.js';
import { DELIVERY_TIMEOUT_MS } from './sender.js';

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
export const DISABLED_REASON = `Disabled after ${FAILED_MESSAGES_TO_DISABLE} messages in a row failed every attempt.`;

/** How one attempt went, for the endpoint's health. */
export interface AttemptResult {
  status: number | null;
  error: string | null;
  at: number;
}

/** Sends one message; the target's status code, or throws an Error saying why there is none. */
export type Deliver = (message: StoredMessage, now: number) => Promise<number>;

/** One kind of message the engine sends, and where its endpoints' health is kept. */
export interface DeliveryUser {
  kind: DeliveryKind;
  /** How to send to each of these endpoints, by id; an endpoint left out was deleted meanwhile. */
  targets(endpointIds: string[]): Promise<Map<string, Deliver>>;
  /** Notes an attempt's outcome; a delivery also sets the failed-message count back to 0. */
  noteAttempt(message: StoredMessage, outcome: MessageOutcome, isDelivered: boolean): Promise<void>;
  /** Counts a message that failed every attempt; once `limit` have in a row, disables the endpoint with `reason`. */
  noteFailedMessage(endpointId: string, limit: number, reason: string): Promise<boolean>;
  /** Reads again which sessions have enabled endpoints. */
  refreshActiveSessions(): Promise<void>;
  /** False while no endpoint of this kind is enabled anywhere, as far as this instance knows. */
  hasActiveEndpoints(): boolean;
  /** Run with the engine's housekeeping (trimming history the user keeps itself). */
  housekeeping?(): Promise<void>;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'dropped';

export interface DeliveryWorker {
  /** One pass: housekeeping when due, then every due message. */
  runOnce(): Promise<void>;
  start(): void;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(deps: {
  messages: MessagesRepo;
  /**
   * Each user's hasActiveEndpoints() is refreshed every few seconds; while all are false nothing
   * can be due, so a tick touches the database only for that refresh.
   */
  users: DeliveryUser[];
  reportError: (error: unknown, message: string) => void;
  now?: () => number;
  retryDelaysMs?: readonly number[];
  intervalMs?: number;
  /** Told of each attempt's outcome (metrics). */
  onOutcome?: (outcome: DeliveryOutcome, count?: number) => void;
}): DeliveryWorker {
  const { messages, users } = deps;
  const hasActiveEndpoints = () => users.some((user) => user.hasActiveEndpoints());
  const now = deps.now ?? Date.now;
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const onOutcome = deps.onOutcome ?? (() => undefined);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastHousekeeping = -Infinity;
  let lastQueueCheck = -Infinity;
  let holding: Promise<void> | null = null;
  let lastRefresh = -Infinity;

  async function attempt(message: StoredMessage, claim: string, user: DeliveryUser, deliver: Deliver) {
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await deliver(message, now());
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
    await user.noteAttempt(message, outcome, isDelivered);
    onOutcome(isDelivered ? 'delivered' : outcome.state === 'failed' ? 'failed' : 'retry');
    if (outcome.state === 'failed') {
      await user.noteFailedMessage(message.endpointId, FAILED_MESSAGES_TO_DISABLE, DISABLED_REASON);
    }
  }

  /** Sends one claimed batch: each user reads its targets once. */
  async function sendBatch(due: StoredMessage[], claim: string) {
    await Promise.all(
      users.map(async (user) => {
        const mine = due.filter((message) => message.kind === user.kind);
        if (mine.length === 0) return;
        const targets = await user.targets([...new Set(mine.map((message) => message.endpointId))]);
        await Promise.all(
          mine.map((message) => {
            const deliver = targets.get(message.endpointId);
            // Deleted meanwhile: its messages went with it.
            return deliver ? attempt(message, claim, user, deliver) : Promise.resolve();
          }),
        );
      }),
    );
  }

  /** One check at a time, on its own: a pass may be waiting on endpoints that never answer. */
  function holdQueues(at: number): Promise<void> {
    if (holding || at - lastQueueCheck < QUEUE_CHECK_MS) return holding ?? Promise.resolve();
    lastQueueCheck = at;
    holding = messages
      .dropOverflow(QUEUE_LIMIT, HISTORY_LIMIT, DROPPED_REASON, at)
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
    for (const user of users) await user.housekeeping?.();
  }

  async function pass() {
    const at = now();
    if (at - lastRefresh >= ACTIVE_REFRESH_MS) {
      lastRefresh = at;
      await Promise.all(users.map((user) => user.refreshActiveSessions()));
    }
    if (!hasActiveEndpoints()) return;
    await housekeeping(at);
    const claim = randomUUID();
    for (;;) {
      const due = await messages.claimDue(now(), claim, now() + CLAIM_MS, BATCH);
      if (due.length === 0) return;
      await sendBatch(due, claim);
      // A relay destination's next message becomes due only once the one before it is finished.
      if (due.length < BATCH && due.every((message) => message.kind !== 'relay')) return;
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
        runOnce().catch((error: unknown) => deps.reportError(error, 'delivering messages failed'));
        if (running && hasActiveEndpoints()) {
          holdQueues(now()).catch((error: unknown) =>
            deps.reportError(error, 'holding delivery queues failed'),
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
