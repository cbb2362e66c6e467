/**
 * What an operator can watch, in Prometheus' text format, with one registry per app. The hot paths
 * (capture, redirect, realtime publish) are handed plain tallies at start and only add 1 to a
 * number: prom-client's own labelled `inc` builds a label key on every call, so the tallies are
 * copied into the counters when a scrape reads them. Gauges read their value at scrape time.
 */
import cluster from 'node:cluster';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import {
  URL_CLICK,
  WEBHOOK_REQUEST,
  WEBHOOK_RESPONSE,
  WEBHOOK_FORWARDED,
  WEBHOOKS_CLEARED,
  FORWARDERS_CHANGED,
  REPLAY_PROGRESS,
  RELAY_ATTEMPTED,
  RELAY_CHANGED,
  type ServerToClientEvents,
} from '../../../../shared/realtime.js';
import type { WriteObserver } from '../../db/batcher.js';
import { writeLockWaits } from '../../db/write-lock.js';
import { clusterMetricsText, shareRegistry } from './cluster-metrics.js';

/** One labelled series a request path adds to. */
export interface Count {
  inc(): void;
}

/** How captures end; the values are the `outcome` label. */
export const CAPTURE_OUTCOMES = {
  default: 'default',
  rule: 'rule',
  forwarder: 'forwarder',
  tooLarge: 'too_large',
  refused: 'refused',
  unknownSession: 'unknown_session',
  suspended: 'suspended',
  error: 'error',
} as const;

/** How short-link visits end; the values are the `outcome` label. */
export const REDIRECT_OUTCOMES = {
  redirected: 'redirected',
  password: 'password',
  expired: 'expired',
  limitReached: 'limit_reached',
  disabled: 'disabled',
  notStarted: 'not_started',
  notFound: 'not_found',
  error: 'error',
} as const;

export const CLICK_OUTCOMES = { recorded: 'recorded', lost: 'lost' } as const;

export type CaptureCounts = Record<keyof typeof CAPTURE_OUTCOMES, Count>;
export type RedirectCounts = Record<keyof typeof REDIRECT_OUTCOMES, Count>;
export type ClickCounts = Record<keyof typeof CLICK_OUTCOMES, Count>;
export type PublishedCounts = Record<keyof ServerToClientEvents, Count>;

/** Realtime events by name; the `event` label is the name itself. */
const REALTIME_EVENTS: Record<keyof ServerToClientEvents, string> = {
  [WEBHOOK_REQUEST]: WEBHOOK_REQUEST,
  [URL_CLICK]: URL_CLICK,
  [WEBHOOK_RESPONSE]: WEBHOOK_RESPONSE,
  [WEBHOOK_FORWARDED]: WEBHOOK_FORWARDED,
  [WEBHOOKS_CLEARED]: WEBHOOKS_CLEARED,
  [FORWARDERS_CHANGED]: FORWARDERS_CHANGED,
  [REPLAY_PROGRESS]: REPLAY_PROGRESS,
  [RELAY_ATTEMPTED]: RELAY_ATTEMPTED,
  [RELAY_CHANGED]: RELAY_CHANGED,
};

/** What the gauges read when scraped. */
export interface GaugeSources {
  openSockets(): number;
  openStreams(): number;
  openWaits(): number;
  /** Bytes of captured requests kept in the database. */
  storedBytes(): Promise<number>;
}

export interface Metrics {
  captures: CaptureCounts;
  redirects: RedirectCounts;
  clicks: ClickCounts;
  published: PublishedCounts;
  captureWrites: WriteObserver;
  clickWrites: WriteObserver;
  /** The tally of one limit's refusals; taken once, when the limit is defined. */
  limitRefusals(limitName: string): Count;
  /** Adds `count` (1 if left out) click webhook attempts or dropped messages of that outcome. */
  linkWebhookDeliveries(outcome: 'delivered' | 'retry' | 'failed' | 'dropped', count?: number): void;
  /** Counts what one pass of the instance's storage budget removed. */
  budgetRemovals(removed: { requests: number; bytes: number }): void;
  /** Lets the gauges read their sources; until then they stay at 0. */
  watch(sources: GaugeSources): void;
  /** Every metric in the text format, and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
}

class Tally implements Count {
  value = 0;
  inc(): void {
    this.value += 1;
  }
}

/** A counter whose series are tallies, one per label value; every series shows from the start, at 0. */
function tallyCounter(
  registry: Registry,
  config: { name: string; help: string; label: string },
): (labelValue: string) => Count {
  const tallies = new Map<string, { labels: Record<string, string>; tally: Tally }>();
  new Counter({
    name: config.name,
    help: config.help,
    labelNames: [config.label],
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, tally } of tallies.values()) this.inc(labels, tally.value);
    },
  });
  return (labelValue) => {
    let series = tallies.get(labelValue);
    if (!series) {
      series = { labels: { [config.label]: labelValue }, tally: new Tally() };
      tallies.set(labelValue, series);
    }
    return series.tally;
  };
}

/** One Count per key, labelled with the key's value. */
function countsOf<K extends string>(
  seriesOf: (labelValue: string) => Count,
  labelValues: Record<K, string>,
): Record<K, Count> {
  const keys = Object.keys(labelValues) as K[];
  return Object.fromEntries(keys.map((key) => [key, seriesOf(labelValues[key])])) as Record<K, Count>;
}

const WRITE_SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

function writeObservers(registry: Registry): Record<'captures' | 'clicks', WriteObserver> {
  const seconds = new Histogram({
    name: 'hookbay_db_write_seconds',
    help: 'Time one grouped database write took (one statement for every capture or click queued together), by writer.',
    labelNames: ['writer'],
    buckets: WRITE_SECONDS_BUCKETS,
    registers: [registry],
  });
  const sizes = new Histogram({
    name: 'hookbay_db_write_batch_size',
    help: 'Captures or clicks written together in one grouped database write, by writer.',
    labelNames: ['writer'],
    buckets: BATCH_SIZE_BUCKETS,
    registers: [registry],
  });
  const observerOf = (writer: string): WriteObserver => {
    seconds.zero({ writer });
    sizes.zero({ writer });
    const secondsChild = seconds.labels(writer);
    const sizesChild = sizes.labels(writer);
    return (items, took) => {
      sizesChild.observe(items);
      secondsChild.observe(took);
    };
  };
  return { captures: observerOf('captures'), clicks: observerOf('clicks') };
}

/**
 * Creates the registry and every Hookbay metric. `processMetrics` adds prom-client's process and
 * Node.js metrics (event-loop delay, memory, …), which keep a timer and observers running; only
 * an app that serves /metrics asks for them. `reportError` hears of a gauge that could not be read.
 */
export function createMetrics(options: {
  processMetrics: boolean;
  /** The instance's storage budget in bytes (STORAGE_MAX_MB), shown as a gauge. */
  storageBudgetBytes?: number;
  reportError: (error: unknown, message: string) => void;
}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'hookbay_' });
  let sources: GaugeSources | null = null;

  const captures = tallyCounter(registry, {
    name: 'hookbay_captures_total',
    help:
      'Requests to webhook URLs, by outcome: stored and answered by default, by a scripted rule or by a ' +
      'hookbay forward --respond forwarder; too_large (413, stored cut short); unknown_session (404); ' +
      'suspended (410); error (not stored: the database failed, the sender went away, ...).',
    label: 'outcome',
  });
  const redirects = tallyCounter(registry, {
    name: 'hookbay_redirects_total',
    help:
      'Visits of short links (/s/{id}), by outcome: redirected; password (the password page, or a wrong ' +
      'password); expired, limit_reached, disabled (410 pages, or their fallback); not_started (a 404 ' +
      'page or the fallback); not_found (404); error.',
    label: 'outcome',
  });
  const clicks = tallyCounter(registry, {
    name: 'hookbay_clicks_total',
    help:
      'Clicks of short links, by outcome: recorded, or lost (the link still redirected while the database ' +
      'could not store the click).',
    label: 'outcome',
  });
  const published = tallyCounter(registry, {
    name: 'hookbay_realtime_events_total',
    help: 'Events pushed to browsers over Socket.IO, by event name (one per event, whatever the number of sockets).',
    label: 'event',
  });
  const refusals = tallyCounter(registry, {
    name: 'hookbay_limit_refusals_total',
    help: 'Requests refused with 429 because a limit was reached, by limit name.',
    label: 'limit',
  });
  const linkWebhookDeliveries = tallyCounter(registry, {
    name: 'hookbay_link_webhook_deliveries_total',
    help:
      'Click webhook deliveries, by outcome: delivered (a 2xx), retry (failed, tried again later), failed ' +
      '(failed its last attempt), dropped (more were waiting for the endpoint than its queue keeps).',
    label: 'outcome',
  });
  for (const outcome of ['delivered', 'retry', 'failed', 'dropped']) linkWebhookDeliveries(outcome);
  const writes = writeObservers(registry);
  new Gauge({
    name: 'hookbay_storage_budget_bytes',
    help: 'The instance’s storage budget (STORAGE_MAX_MB): bytes of captured requests every session together may keep.',
    registers: [registry],
  }).set(options.storageBudgetBytes ?? 0);
  const budgetRemovedBytes = new Counter({
    name: 'hookbay_storage_budget_removed_bytes_total',
    help: 'Bytes of captured requests removed because the instance was over its storage budget (largest sessions first).',
    registers: [registry],
  });
  const budgetRemovedRequests = new Counter({
    name: 'hookbay_storage_budget_removed_requests_total',
    help: 'Captured requests removed because the instance was over its storage budget.',
    registers: [registry],
  });

  const gauge = (name: string, help: string, read: (from: GaugeSources) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (sources) this.set(read(sources));
      },
    });
  gauge('hookbay_open_sockets', 'Socket.IO connections open on this instance.', (from) => from.openSockets());
  gauge(
    'hookbay_open_event_streams',
    'Event streams (GET /api/stream, hookbay forward) open on this instance.',
    (from) => from.openStreams(),
  );
  gauge(
    'hookbay_open_waits',
    'Waits for requests (GET /api/events/wait, hookbay wait) in progress on this instance.',
    (from) => from.openWaits(),
  );
  new Gauge({
    name: 'hookbay_stored_bytes',
    // Every worker reads the same database: the figure is not added up across them.
    aggregator: 'first',
    help: 'Bytes of captured requests (bodies and headers) kept in the database, for every instance.',
    registers: [registry],
    async collect() {
      if (!sources) return;
      try {
        this.set(await sources.storedBytes());
      } catch (error) {
        // The last value stays; /readyz tells whether the database answers.
        options.reportError(error, 'reading the stored bytes for /metrics failed');
      }
    },
  });

  // Per process: with WORKERS > 1 each worker waits for the others' writes (db/write-lock.ts).
  const worker = { worker: process.env.HOOKBAY_WORKER ?? '0' };
  new Counter({
    name: 'hookbay_sqlite_write_lock_waits_total',
    help: 'Write transactions that waited for SQLite’s write lock held by another worker, by worker.',
    labelNames: ['worker'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc(worker, writeLockWaits.count);
    },
  });
  new Counter({
    name: 'hookbay_sqlite_write_lock_wait_seconds_total',
    help: 'Time write transactions spent waiting for SQLite’s write lock, by worker.',
    labelNames: ['worker'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc(worker, writeLockWaits.seconds);
    },
  });

  if (cluster.isWorker) shareRegistry(registry);
  return {
    captures: countsOf(captures, CAPTURE_OUTCOMES),
    redirects: countsOf(redirects, REDIRECT_OUTCOMES),
    clicks: countsOf(clicks, CLICK_OUTCOMES),
    published: countsOf(published, REALTIME_EVENTS),
    captureWrites: writes.captures,
    clickWrites: writes.clicks,
    limitRefusals: refusals,
    linkWebhookDeliveries(outcome, count = 1) {
      const series = linkWebhookDeliveries(outcome);
      for (let added = 0; added < count; added++) series.inc();
    },
    budgetRemovals(removed) {
      budgetRemovedBytes.inc(removed.bytes);
      budgetRemovedRequests.inc(removed.requests);
    },
    watch(watched) {
      sources = watched;
    },
    async render() {
      // With WORKERS > 1, a scrape shows the whole server, not the worker it happened to reach.
      const text = cluster.isWorker ? await clusterMetricsText() : await registry.metrics();
      return { contentType: registry.contentType, text };
    },
  };
}
