/**
 * What every part of the app is built from: the config, the store, realtime and its publisher,
 * the counters, and the two ways work no request waits on reports a failure.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { Limiter } from '../http/rate-limit/limiter.js';
import type { OutageLog } from '../outage-log.js';
import type { Publisher } from '../realtime/publisher.js';
import type { Realtime } from '../realtime/socket.js';
import type { Metrics } from '../features/metrics/metrics.service.js';
import type { AdminService } from '../features/admin/admin.service.js';
import type { Delivery } from './delivery.js';

export interface AppContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  realtime: Realtime;
  publisher: Publisher;
  metrics: Metrics;
  databaseOutage: OutageLog;
  /** For work no request waits on: a database outage is logged once, anything else each time. */
  reportError: (error: unknown, message: string) => void;
  /** The delivery engine click webhooks and relays share. */
  delivery: Delivery;
}

/** What routes are registered with, once the request-scoped plugins are in place. */
export interface RouteContext extends AppContext {
  limiter: Limiter;
  admin: AdminService;
}
