/** Click webhooks as one user of the delivery engine: signed JSON bodies posted to each endpoint. */
import type { DeliveryUser } from '../delivery/delivery-worker.js';
import type { Sender } from '../delivery/sender.js';
import type { LinkWebhooksRepo } from './link-webhooks.repo.js';
import type { LinkWebhooksService } from './link-webhooks.service.js';

export function createLinkDelivery(deps: {
  repo: Pick<LinkWebhooksRepo, 'listById' | 'noteAttempt' | 'noteFailedMessage'>;
  sender: Pick<Sender, 'send'>;
  service: Pick<LinkWebhooksService, 'refreshActiveSessions' | 'hasActiveEndpoints'>;
}): DeliveryUser {
  const { repo, sender, service } = deps;
  return {
    kind: 'link',
    async targets(endpointIds) {
      const endpoints = await repo.listById(endpointIds);
      return new Map(
        [...endpoints].map(([id, endpoint]) => [
          id,
          (message, now) =>
            sender.send(new URL(endpoint.url), endpoint.secret, message.messageId, message.payload, now),
        ]),
      );
    },
    noteAttempt: (message, { status, error, at }, isDelivered) =>
      repo.noteAttempt(message.endpointId, { status, error, at }, isDelivered),
    noteFailedMessage: (endpointId, limit, reason) => repo.noteFailedMessage(endpointId, limit, reason),
    refreshActiveSessions: () => service.refreshActiveSessions(),
    hasActiveEndpoints: () => service.hasActiveEndpoints(),
  };
}
