/** Relays, built on the shared delivery engine: the service, its cache and its delivery user. */
import { createRelayDelivery } from '../features/relays/relay-delivery.js';
import { createRelaysRepo } from '../features/relays/relays.repo.js';
import { createRelaysService } from '../features/relays/relays.service.js';
import { createSessionCache } from '../features/session-cache/session-cache.js';
import type { ActiveRelay } from '../features/relays/relays.service.js';
import type { WebhooksRepo } from '../features/webhooks/webhooks.repo.js';
import type { WebhooksService } from '../features/webhooks/webhooks.service.js';
import type { AppContext } from './context.js';

export function createRelays(
  { config, database, realtime, publisher, reportError, delivery }: AppContext,
  { webhooksRepo, webhooks }: { webhooksRepo: WebhooksRepo; webhooks: Pick<WebhooksService, 'ownerOf'> },
) {
  const repo = createRelaysRepo(database.db);
  const cache = createSessionCache<ActiveRelay[]>({ name: 'relays', bus: realtime.cluster });
  const user = createRelayDelivery({
    repo,
    events: webhooksRepo,
    sender: delivery.sender,
    publisher,
    ownerOf: (sessionId) => webhooks.ownerOf(sessionId),
    perMinute: config.replayPerMinute,
    reload: (sessionId) => relays.reload(sessionId),
  });
  const relays = createRelaysService({
    repo,
    outbox: delivery.outbox,
    sender: delivery.sender,
    cache,
    isSwitchedOff: config.replayPerMinute === 0,
    onEnabled: () => user.noteEnabled(),
    reportError,
  });
  delivery.addUser(user);
  return relays;
}
