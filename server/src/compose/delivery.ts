/**
 * The one delivery engine (outbox, sender, worker) that click webhooks and relays share. Each
 * feature adds itself as a user before the worker starts.
 */
import { createDeliveryWorker, type DeliveryUser } from '../features/delivery/delivery-worker.js';
import { createMessagesRepo } from '../features/delivery/outbox.repo.js';
import { createSender } from '../features/delivery/sender.js';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { Metrics } from '../features/metrics/metrics.service.js';

export type Delivery = ReturnType<typeof createDelivery>;

/** What the engine needs of the app's context (the context itself holds the engine). */
interface DeliveryDeps {
  config: Config;
  database: Database;
  metrics: Metrics;
  reportError: (error: unknown, message: string) => void;
}

export function createDelivery({ config, database, metrics, reportError }: DeliveryDeps) {
  const outbox = createMessagesRepo(database.db);
  const sender = createSender({ allowPrivate: config.replayAllowPrivate });
  const users: DeliveryUser[] = [];
  const worker = createDeliveryWorker({
    messages: outbox,
    users,
    reportError,
    ...config.linkWebhookDelivery,
    onOutcome: metrics.linkWebhookDeliveries,
  });
  return {
    outbox,
    sender,
    worker,
    /** Called while the app is built, before the worker starts. */
    addUser(user: DeliveryUser) {
      users.push(user);
    },
  };
}
