/**
 * The one delivery engine (outbox, sender, worker) that click webhooks and relays share. Each
 * feature adds itself as a user before the worker starts.
 */
import { createDeliveryWorker, type DeliveryUser } from '../features/delivery/delivery-worker.js';
import { createMessagesRepo } from '../features/delivery/outbox.repo.js';
import { createSender } from '../features/delivery/sender.js';
import type { AppContext } from './context.js';

export type Delivery = ReturnType<typeof createDelivery>;

export function createDelivery({ config, database, metrics, reportError }: Omit<AppContext, 'delivery'>) {
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
