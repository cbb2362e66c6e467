/** SQL for a session's click webhook endpoints (link_webhooks); rows become camelCase objects here. */
import type { Kysely, Selectable } from 'kysely';
import { LINK_WEBHOOK_EVENTS, type LinkWebhookEvent } from '../../../../shared/link-webhooks.js';
import type { DatabaseSchema, LinkWebhooksTable } from '../../db/schema.js';
import {
  createEndpointHealthRepo,
  deleteEndpoint,
  endpointHealth,
  switchedOnOrOff,
  type EndpointHealthRepo,
} from '../delivery/endpoints.repo.js';

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

export interface LinkWebhooksRepo extends EndpointHealthRepo {
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
    ...endpointHealth(row),
    createdAt: Number(row.created_at),
    linkDeletedAt: row.link_deleted_at === null ? null : Number(row.link_deleted_at),
  };
}

export function createLinkWebhooksRepo(db: Kysely<DatabaseSchema>): LinkWebhooksRepo {
  return {
    ...createEndpointHealthRepo(db, 'link'),
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
          ...switchedOnOrOff(change.isEnabled),
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
      return db.transaction().execute((trx) => deleteEndpoint(trx, 'link', sessionId, id));
    },
  };
}
