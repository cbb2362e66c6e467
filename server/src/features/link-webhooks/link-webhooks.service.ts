/**
 * Click webhooks of short links: a session's endpoints, and the queueing of events for them.
 * Events are queued off the redirect path: a click is handed over once stored and written to the
 * queue afterwards, and only for sessions known to have an enabled endpoint (a set refreshed from
 * the database by the delivery worker, so endpoints made on another instance count within seconds).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  LINK_WEBHOOK_TYPES,
  MAX_LINK_WEBHOOKS_PER_SESSION,
  type LinkWebhook,
  type LinkWebhookDelivery,
  type LinkWebhookEvent,
  type linkWebhookCreateSchema,
  type linkWebhookUpdateSchema,
} from '../../../../shared/link-webhooks.js';
import type { LinkBrokenData } from '../../../../shared/link-checks.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { z } from 'zod';
import { HttpError, NotFoundError } from '../../http/errors.js';
import type { CountedClick } from '../short-links/clicks.service.js';
import type { CachedLink } from '../short-links/link-cache.js';
import type { LinkEvent } from '../short-links/links.service.js';
import type { LinksService } from '../short-links/links.service.js';
import type { LinkWebhooksRepo, StoredEndpoint } from './link-webhooks.repo.js';
import type { MessagesRepo, NewMessage } from '../delivery/outbox.repo.js';
import { bodyOf, changeData, clickData, shortUrlOf, toDelivery, toLinkWebhook } from './payloads.js';
import { newSecret, type Sender } from '../delivery/sender.js';

export const TOO_MANY_ENDPOINTS_MESSAGE = `You already have ${MAX_LINK_WEBHOOKS_PER_SESSION} webhook endpoints, the most a session can hold. Delete one first.`;
export const ENDPOINT_NOT_FOUND_MESSAGE = 'You have no such webhook endpoint.';
const LINK_NOT_FOUND_MESSAGE = 'This short URL does not exist or was deleted.';
const RECENT_DELIVERIES = 50;

class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export interface LinkWebhooksService {
  list(user: SessionUser): Promise<LinkWebhook[]>;
  /** Throws NotFoundError for a link the session does not own, ForbiddenError for a refused target, 409 past the limit. */
  create(
    user: SessionUser,
    body: z.output<typeof linkWebhookCreateSchema>,
    apiBase: string,
  ): Promise<LinkWebhook>;
  /** NotFoundError for an endpoint the session does not own. */
  update(user: SessionUser, id: string, body: z.output<typeof linkWebhookUpdateSchema>): Promise<LinkWebhook>;
  remove(user: SessionUser, id: string): Promise<void>;
  /** The endpoint's most recent deliveries, newest first. */
  deliveries(user: SessionUser, id: string): Promise<LinkWebhookDelivery[]>;
  /** Queues `link.clicked` for the link's endpoints; returns at once, never throws. */
  noteClick(link: CachedLink, click: CountedClick): void;
  /** Queues a link event for the session's endpoints; returns at once, never throws. */
  noteLinkChange(user: SessionUser, change: LinkEvent): void;
  /** Queues `link.broken` for the link's endpoints: its destination check failed. */
  noteBrokenLink(sessionId: string, linkId: string, data: Omit<LinkBrokenData, 'shortUrl'>): void;
  /** Reads which sessions have enabled endpoints again. */
  refreshActiveSessions(): Promise<void>;
  /** True unless no session is known to have an enabled endpoint. */
  hasActiveEndpoints(): boolean;
  /** Waits until every event handed over is queued. */
  flush(): Promise<void>;
}

const newEndpointId = () => `ep_${randomBytes(12).toString('base64url')}`;
const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

export function createLinkWebhooksService(deps: {
  repo: LinkWebhooksRepo;
  messages: MessagesRepo;
  links: Pick<LinksService, 'findOwned'>;
  sender: Pick<Sender, 'check'>;
  reportError: (error: unknown, message: string) => void;
  now?: () => number;
}): LinkWebhooksService {
  const { repo, messages, sender } = deps;
  const now = deps.now ?? Date.now;
  // null until first read: until then every session is looked up.
  let activeSessions: Set<string> | null = null;
  const pending = new Set<Promise<void>>();

  async function findOwned(user: SessionUser, id: string): Promise<StoredEndpoint> {
    const endpoint = await repo.findOwned(user.sessionId, id);
    if (!endpoint) throw new NotFoundError(ENDPOINT_NOT_FOUND_MESSAGE);
    return endpoint;
  }

  async function checkLink(user: SessionUser, linkId: string): Promise<void> {
    try {
      await deps.links.findOwned(user, linkId);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(LINK_NOT_FOUND_MESSAGE);
      throw error;
    }
  }

  /** Runs `work` in the background, kept until done so that flush() can wait for it. */
  function inBackground(work: () => Promise<void>, failure: string): void {
    const task = work().catch((error: unknown) => deps.reportError(error, failure));
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }

  async function queue(
    sessionId: string,
    linkId: string,
    event: LinkWebhookEvent,
    dataOf: (endpoint: StoredEndpoint) => Parameters<typeof bodyOf>[2],
  ): Promise<void> {
    const at = now();
    const endpoints = await repo.listFor(sessionId, linkId, event);
    const type = LINK_WEBHOOK_TYPES[event];
    const rows: NewMessage[] = endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: newMessageId(),
      type,
      payload: bodyOf(type, at, dataOf(endpoint)),
      createdAt: at,
    }));
    await messages.insertMany(rows);
  }

  return {
    async list(user) {
      return (await repo.listOwned(user.sessionId)).map(toLinkWebhook);
    },
    async create(user, body, apiBase) {
      if (body.linkId !== null) await checkLink(user, body.linkId);
      await sender.check(new URL(body.url));
      if ((await repo.countOwned(user.sessionId)) >= MAX_LINK_WEBHOOKS_PER_SESSION) {
        throw new ConflictError(TOO_MANY_ENDPOINTS_MESSAGE);
      }
      const endpoint: StoredEndpoint = {
        id: newEndpointId(),
        sessionId: user.sessionId,
        linkId: body.linkId,
        url: body.url,
        events: body.events,
        secret: newSecret(),
        apiBase,
        isEnabled: true,
        disabledReason: null,
        failedMessages: 0,
        lastStatus: null,
        lastError: null,
        lastAttemptAt: null,
        createdAt: now(),
        linkDeletedAt: null,
      };
      await repo.insert(endpoint);
      activeSessions?.add(user.sessionId);
      return toLinkWebhook(endpoint);
    },
    async update(user, id, body) {
      if (body.url !== undefined) await sender.check(new URL(body.url));
      const { enabled, ...rest } = body;
      const endpoint = await repo.update(user.sessionId, id, { ...rest, isEnabled: enabled });
      if (!endpoint) throw new NotFoundError(ENDPOINT_NOT_FOUND_MESSAGE);
      if (endpoint.isEnabled) activeSessions?.add(user.sessionId);
      return toLinkWebhook(endpoint);
    },
    async remove(user, id) {
      if (!(await repo.delete(user.sessionId, id))) throw new NotFoundError(ENDPOINT_NOT_FOUND_MESSAGE);
    },
    async deliveries(user, id) {
      const endpoint = await findOwned(user, id);
      return (await messages.listRecent(endpoint.id, RECENT_DELIVERIES)).map(toDelivery);
    },
    noteClick(link, click) {
      if (activeSessions && !activeSessions.has(link.ownerSessionId)) return;
      inBackground(
        () => queue(link.ownerSessionId, link.id, 'click', (endpoint) => clickData(endpoint, link, click)),
        'queueing a click webhook failed',
      );
    },
    noteLinkChange(user, change) {
      inBackground(async () => {
        const { previousId } = change;
        // A renamed link keeps its endpoints.
        if (previousId !== undefined && previousId !== change.id) {
          await repo.moveLink(user.sessionId, previousId, change.id);
        }
        await queue(user.sessionId, change.id, change.event, (endpoint) => changeData(endpoint, change));
        // After its link.deleted, an endpoint of that link gets nothing more: a new link taking
        // the same alias is another link.
        if (change.event === 'link.deleted') await repo.endLink(user.sessionId, change.id, now());
      }, 'queueing a link webhook failed');
    },
    noteBrokenLink(sessionId, linkId, data) {
      inBackground(
        () =>
          queue(sessionId, linkId, 'link.broken', (endpoint) => ({
            ...data,
            shortUrl: shortUrlOf(endpoint.apiBase, linkId),
          })),
        'queueing a link.broken webhook failed',
      );
    },
    async refreshActiveSessions() {
      activeSessions = new Set(await repo.listActiveSessions());
    },
    hasActiveEndpoints: () => activeSessions === null || activeSessions.size > 0,
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
