/**
 * What an operator can watch, in Prometheus' text format, with one registry per app. The hot paths
 * (capture, redirect, realtime publish) are handed plain tallies at start and only add 1 to a
 * number: prom-client's own labelled `inc` builds a label key on every call, so the tallies are
 * copied into the counters when a scrape reads them. Gauges read their value at scrape time.
 */
import cluster from 'node:cluster';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import {
  URL_CLICK,
  WEBHOOK_REQUEST,
  WEBHOOK_RESPONSE,
  WEBHOOK_FORWARDED,
  WEBHOOK_CALLBACK,
  WEBHOOKS_CLEARED,
  FORWARDERS_CHANGED,
  REPLAY_PROGRESS,
  RELAY_ATTEMPTED,
  RELAY_CHANGED,
  type ServerToClientEvents,
} from '../../../../shared/realtime.js';
import { clusterMetricsText, shareRegistry } from './cluster-metrics.js';
import { createStorageMetrics, type StorageMetrics } from './storage-metrics.js';
import { countsOf, tallyCounter, type Count } from './tallies.js';

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
  [WEBHOOK_CALLBACK]: WEBHOOK_CALLBACK,
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

export interface Metrics extends StorageMetrics {
  captures: CaptureCounts;
  redirects: RedirectCounts;
  clicks: ClickCounts;
  published: PublishedCounts;
  /** The tally of one limit's refusals; taken once, when the limit is defined. */
  limitRefusals(limitName: string): Count;
  /** Adds `count` (1 if left out) click webhook attempts or dropped messages of that outcome. */
  linkWebhookDeliveries(outcome: 'delivered' | 'retry' | 'failed' | 'dropped', count?: number): void;
  /** Lets the gauges read their sources; until then they stay at 0. */
  watch(sources: GaugeSources): void;
  /** Every metric in the text format, and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
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
  const storage = createStorageMetrics(registry, {
    storageBudgetBytes: options.storageBudgetBytes,
    storedBytes: () => sources?.storedBytes(),
    reportError: options.reportError,
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

  if (cluster.isWorker) shareRegistry(registry);
  return {
    captures: countsOf(captures, CAPTURE_OUTCOMES),
    redirects: countsOf(redirects, REDIRECT_OUTCOMES),
    clicks: countsOf(clicks, CLICK_OUTCOMES),
    published: countsOf(published, REALTIME_EVENTS),
    ...storage,
    limitRefusals: refusals,
    linkWebhookDeliveries(outcome, count = 1) {
      const series = linkWebhookDeliveries(outcome);
      for (let added = 0; added < count; added++) series.inc();
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
