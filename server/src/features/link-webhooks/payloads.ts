/**
 * The bodies deliveries send, and the API's view of endpoints and deliveries. A click is sent
 * without its IP address: the country, the kind of device and browser and the referer are what
 * the owner's analytics shows, and an address would hand personal data to a third party.
 */
import { UAParser } from 'ua-parser-js';
import {
  type LinkChangeData,
  type LinkClickData,
  type LinkWebhook,
  type LinkWebhookBody,
  type LinkWebhookDelivery,
  type LinkWebhookType,
} from '../../../../shared/link-webhooks.js';
import type { CountedClick } from '../short-links/clicks.service.js';
import type { StoredEndpoint } from './link-webhooks.repo.js';
import type { StoredMessage } from '../delivery/outbox.repo.js';

const iso = (at: number) => new Date(at).toISOString();

export const shortUrlOf = (apiBase: string, linkId: string) => `${apiBase}/s/${encodeURIComponent(linkId)}`;

export function clickData(
  endpoint: StoredEndpoint,
  link: { id: string; url: string },
  click: CountedClick,
): LinkClickData {
  const agent = new UAParser(click.userAgent ?? '').getResult();
  const type = agent.device.type;
  return {
    linkId: link.id,
    shortUrl: shortUrlOf(endpoint.apiBase, link.id),
    destination: link.url,
    clickedAt: iso(click.at),
    country: click.country,
    device: type === 'mobile' || type === 'tablet' ? type : 'desktop',
    browser: agent.browser.name ?? null,
    os: agent.os.name ?? null,
    referer: click.referer,
  };
}

export function changeData(
  endpoint: StoredEndpoint,
  link: { id: string; url: string | null },
): LinkChangeData {
  return { linkId: link.id, shortUrl: shortUrlOf(endpoint.apiBase, link.id), destination: link.url };
}

export function bodyOf(type: LinkWebhookType, at: number, data: LinkWebhookBody['data']): string {
  return JSON.stringify({ type, timestamp: iso(at), data } satisfies LinkWebhookBody);
}

export function toLinkWebhook(endpoint: StoredEndpoint): LinkWebhook {
  const { lastAttemptAt } = endpoint;
  return {
    id: endpoint.id,
    url: endpoint.url,
    linkId: endpoint.linkId,
    events: endpoint.events,
    secret: endpoint.secret,
    status: endpoint.isEnabled ? 'active' : 'disabled',
    disabledReason: endpoint.isEnabled ? null : endpoint.disabledReason,
    failureCount: endpoint.failedMessages,
    droppedCount: endpoint.droppedMessages ?? 0,
    lastDelivery:
      lastAttemptAt === null
        ? null
        : { status: endpoint.lastStatus, error: endpoint.lastError, at: iso(lastAttemptAt) },
    createdAt: iso(endpoint.createdAt),
    linkDeletedAt: endpoint.linkDeletedAt === null ? null : iso(endpoint.linkDeletedAt),
  };
}

export function toDelivery(message: StoredMessage): LinkWebhookDelivery {
  return {
    messageId: message.messageId,
    type: message.type as LinkWebhookType, // link messages are written only from LINK_WEBHOOK_TYPES
    state: message.state,
    attempts: message.attempts,
    statusCode: message.lastStatus,
    error: message.lastError,
    at: iso(message.lastAttemptAt ?? message.createdAt),
    nextAttemptAt: message.state === 'pending' ? iso(message.nextAt) : null,
  };
}
