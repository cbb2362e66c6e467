/** SQL for a session's click webhook endpoints (link_webhooks); rows become camelCase objects here. */
import type { Kysely, Selectable } from 'kysely';
import { LINK_WEBHOOK_EVENTS, type LinkWebhookEvent } from '../../../../shared/link-webhooks.js';
import type { DatabaseSchema, LinkWebhooksTable } from '../../db/schema.js';

export interface StoredEndpoint {
  id: string;
  sessionId: string;
  linkId: string | null;
  url: string;
  events: LinkWebhookEvent[];
  secret: string;
  apiBase: string;
  isEnabled: boolean;
  disabledReason: string | null;
  failedMessages: number;
  /** Messages dropped because its queue was full, ever. */
  droppedMessages?: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: number | null;
  createdAt: number;
  /** When the endpoint's own link was deleted: it receives nothing more. */
  linkDeletedAt: number | null;
}

export interface EndpointChange {
  url?: string;
  events?: LinkWebhookEvent[];
  /** true clears the disabled reason and the failure count. */
  isEnabled?: boolean;
}

/** How one attempt went, for the endpoint's health. */
export interface AttemptResult {
  status: number | null;
  error: string | null;
  at: number;
}

export interface LinkWebhooksRepo {
  countOwned(sessionId: string): Promise<number>;
  insert(endpoint: StoredEndpoint): Promise<void>;
  /** Oldest first. */
  listOwned(sessionId: string): Promise<StoredEndpoint[]>;
  findOwned(sessionId: string, id: string): Promise<StoredEndpoint | null>;
  /** Enabled endpoints of the session for `linkId` or for all its links, subscribed to `event`. */
  listFor(sessionId: string, linkId: string, event: LinkWebhookEvent): Promise<StoredEndpoint[]>;
  /** The endpoints with these ids, by id. */
  listById(ids: string[]): Promise<Map<string, StoredEndpoint>>;
  /** Sessions with at least one enabled endpoint. */
  listActiveSessions(): Promise<string[]>;
  update(sessionId: string, id: string, change: EndpointChange): Promise<StoredEndpoint | null>;
  /**
   * Ends the session's endpoints of a deleted link: they keep what is queued but match no event
   * again, not even of a new link that takes the same id.
   */
  endLink(sessionId: string, linkId: string, at: number): Promise<void>;
  /** Points the session's endpoints of link `from` at `to`, after the link was renamed. */
  moveLink(sessionId: string, from: string, to: string): Promise<void>;
  /** Removes the endpoint and its queue; false when the session has no such endpoint. */
  delete(sessionId: string, id: string): Promise<boolean>;
  /** Notes the last attempt; a delivery also sets the failed-message count back to 0. */
  noteAttempt(id: string, result: AttemptResult, isDelivered: boolean): Promise<void>;
  /**
   * Counts a message that failed every attempt; once `limit` have in a row, disables the
   * endpoint with `reason`. True when this call disabled it.
   */
  noteFailedMessage(id: string, limit: number, reason: string): Promise<boolean>;
}

function toEndpoint(row: Selectable<LinkWebhooksTable>): StoredEndpoint {
  return {
    id: row.id,
    sessionId: row.session_id,
    linkId: row.link_id,
    url: row.url,
    events: LINK_WEBHOOK_EVENTS.filter((event) => row.events.split(',').includes(event)),
    secret: row.secret,
    apiBase: row.api_base,
    isEnabled: Number(row.enabled) === 1,
    disabledReason: row.disabled_reason,
    failedMessages: Number(row.failed_messages),
    droppedMessages: Number(row.dropped_messages),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
    createdAt: Number(row.created_at),
    linkDeletedAt: row.link_deleted_at === null ? null : Number(row.link_deleted_at),
  };
}

export function createLinkWebhooksRepo(db: Kysely<DatabaseSchema>): LinkWebhooksRepo {
  return {
    async countOwned(sessionId) {
      const row = await db
        .selectFrom('link_webhooks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async insert(endpoint) {
      await db
        .insertInto('link_webhooks')
        .values({
          id: endpoint.id,
          session_id: endpoint.sessionId,
          link_id: endpoint.linkId,
          url: endpoint.url,
          events: endpoint.events.join(','),
          secret: endpoint.secret,
          api_base: endpoint.apiBase,
          enabled: endpoint.isEnabled ? 1 : 0,
          disabled_reason: endpoint.disabledReason,
          failed_messages: endpoint.failedMessages,
          last_status: endpoint.lastStatus,
          last_error: endpoint.lastError,
          last_attempt_at: endpoint.lastAttemptAt,
          created_at: endpoint.createdAt,
          link_deleted_at: endpoint.linkDeletedAt,
        })
        .execute();
    },
    async listOwned(sessionId) {
      const rows = await db
        .selectFrom('link_webhooks')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEndpoint);
    },
    async findOwned(sessionId, id) {
      const row = await db
        .selectFrom('link_webhooks')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },
    async listFor(sessionId, linkId, event) {
      const rows = await db
        .selectFrom('link_webhooks')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('enabled', '=', 1)
        .where('link_deleted_at', 'is', null)
        .where((eb) => eb.or([eb('link_id', 'is', null), eb('link_id', '=', linkId)]))
        .execute();
      return rows.map(toEndpoint).filter((endpoint) => endpoint.events.includes(event));
    },
    async listById(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('link_webhooks').selectAll().where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, toEndpoint(row)]));
    },
    async listActiveSessions() {
      const rows = await db
        .selectFrom('link_webhooks')
        .select('session_id')
        .distinct()
        .where('enabled', '=', 1)
        .execute();
      return rows.map((row) => row.session_id);
    },
    async update(sessionId, id, change) {
      const row = await db
        .updateTable('link_webhooks')
        .set({
          ...(change.url !== undefined && { url: change.url }),
          ...(change.events !== undefined && { events: change.events.join(',') }),
          ...(change.isEnabled === true && { enabled: 1, disabled_reason: null, failed_messages: 0 }),
          // The failure count starts again, so that it only ever shows failures that disabled it.
          ...(change.isEnabled === false && {
            enabled: 0,
            disabled_reason: 'Turned off by its owner.',
            failed_messages: 0,
          }),
        })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },
    async endLink(sessionId, linkId, at) {
      await db
        .updateTable('link_webhooks')
        .set({ link_deleted_at: at })
        .where('session_id', '=', sessionId)
        .where('link_id', '=', linkId)
        .where('link_deleted_at', 'is', null)
        .execute();
    },
    async moveLink(sessionId, from, to) {
      await db
        .updateTable('link_webhooks')
        .set({ link_id: to })
        .where('session_id', '=', sessionId)
        .where('link_id', '=', from)
        .where('link_deleted_at', 'is', null)
        .execute();
    },
    async delete(sessionId, id) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('link_webhooks')
          .where('session_id', '=', sessionId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await trx
          .deleteFrom('delivery_messages')
          .where('kind', '=', 'link')
          .where('endpoint_id', '=', id)
          .execute();
        return true;
      });
    },
    async noteAttempt(id, result, isDelivered) {
      await db
        .updateTable('link_webhooks')
        .set({
          last_status: result.status,
          last_error: result.error,
          last_attempt_at: result.at,
          ...(isDelivered && { failed_messages: 0 }),
        })
        .where('id', '=', id)
        .execute();
    },
    async noteFailedMessage(id, limit, reason) {
      const row = await db
        .updateTable('link_webhooks')
        .set((eb) => ({ failed_messages: eb('failed_messages', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_messages')
        .executeTakeFirst();
      if (!row || Number(row.failed_messages) < limit) return false;
      const disabled = await db
        .updateTable('link_webhooks')
        .set({ enabled: 0, disabled_reason: reason })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return Number(disabled.numUpdatedRows) > 0;
    },
  };
}
