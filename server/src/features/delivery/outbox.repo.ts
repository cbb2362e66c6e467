/**
 * SQL for the delivery outbox (delivery_messages) that click webhooks and relays share. Several
 * instances share it: a due row is claimed by one UPDATE that only matches unclaimed (or
 * long-abandoned) rows, so each message is sent by one instance at a time, and results are written
 * only under that claim. A relay message is due only once the messages of every earlier capture for
 * its destination are finished, so that a destination gets captures in the order they arrived.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { LinkWebhookDeliveryState } from '../../../../shared/link-webhooks.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import type { DatabaseSchema, DeliveryMessagesTable } from '../../db/schema.js';

/** Who queued a message: each kind's endpoints live in their own table. */
export type DeliveryKind = 'link' | 'relay';
export const ENDPOINT_TABLES = { link: 'link_webhooks', relay: 'relay_destinations' } as const;

export interface NewMessage {
  /** 'link' when left out. */
  kind?: DeliveryKind;
  endpointId: string;
  messageId: string;
  type: string;
  payload: string;
  /** The captured request a relay message passes on. */
  eventId?: number;
  createdAt: number;
}

export interface StoredMessage extends NewMessage {
  kind: DeliveryKind;
  id: number;
  state: LinkWebhookDeliveryState;
  attempts: number;
  nextAt: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: number | null;
}

/** The outcome of one attempt under a claim. */
export interface MessageOutcome {
  state: LinkWebhookDeliveryState;
  nextAt: number;
  status: number | null;
  error: string | null;
  at: number;
}

export interface MessagesRepo {
  insertMany(messages: NewMessage[]): Promise<void>;
  /** Claims up to `limit` due messages of enabled endpoints until `until`; counts their attempt. */
  claimDue(now: number, claim: string, until: number, limit: number): Promise<StoredMessage[]>;
  /** Writes the outcome unless another claim took the row meanwhile; false then. */
  finish(id: number, claim: string, outcome: MessageOutcome): Promise<boolean>;
  /**
   * Drops the oldest pending messages of each endpoint beyond `keep`, counting them on the
   * endpoint; returns how many. The newest `shown` of those dropped stay, marked dropped with
   * `reason`, for the endpoint's delivery list; older ones are deleted at once, so that a flood to
   * an endpoint that never answers leaves no table of them for the history's prune.
   */
  dropOverflow(keep: number, shown: number, reason: string, at: number): Promise<number>;
  /** Keeps the `keep` newest finished messages of each endpoint; removes older ones. */
  pruneHistory(keep: number): Promise<void>;
  /** Newest first. */
  listRecent(endpointId: string, limit: number): Promise<StoredMessage[]>;
}

function toMessage(row: Selectable<DeliveryMessagesTable>): StoredMessage {
  return {
    id: Number(row.id),
    kind: row.kind === 'relay' ? 'relay' : 'link',
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    type: row.type,
    payload: row.payload,
    ...(row.event_id !== null && { eventId: Number(row.event_id) }),
    createdAt: Number(row.created_at),
    state: row.status as LinkWebhookDeliveryState, // written only from LINK_WEBHOOK_DELIVERY_STATES
    attempts: Number(row.attempts),
    nextAt: Number(row.next_at),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
  };
}

/** Endpoints with more than `count` messages in the given states. */
async function crowdedEndpoints(
  db: Kysely<DatabaseSchema>,
  states: LinkWebhookDeliveryState[],
  count: number,
): Promise<{ endpointId: string; kind: DeliveryKind }[]> {
  const rows = await db
    .selectFrom('delivery_messages')
    .select(['endpoint_id', 'kind'])
    .where('status', 'in', states)
    .groupBy(['endpoint_id', 'kind'])
    .having((eb) => eb.fn.countAll(), '>', count)
    .execute();
  return rows.map((row) => ({ endpointId: row.endpoint_id, kind: row.kind === 'relay' ? 'relay' : 'link' }));
}

/**
 * The id of the `keep`th newest row the query finds (by id), or undefined when it finds fewer;
 * rows below that id are the ones beyond `keep`.
 */
export async function nthNewestId<DB, TB extends keyof DB>(
  rows: SelectQueryBuilder<DB, TB, { id: number }>,
  keep: number,
): Promise<number | undefined> {
  const row = await rows
    .orderBy(sql.ref('id'), 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  return row && Number(row.id);
}

type MessagesBuilder = ExpressionBuilder<DatabaseSchema & { m: DeliveryMessagesTable }, 'm'>;

/** The message's endpoint is enabled, in the table of its kind (ENDPOINT_TABLES). */
function endpointEnabled(eb: MessagesBuilder) {
  return eb.or([
    eb.and([
      eb('m.kind', '=', 'link'),
      eb.exists(
        eb
          .selectFrom('link_webhooks as e')
          .select('e.id')
          .whereRef('e.id', '=', 'm.endpoint_id')
          .where('e.enabled', '=', 1),
      ),
    ]),
    eb.and([
      eb('m.kind', '=', 'relay'),
      eb.exists(
        eb
          .selectFrom('relay_destinations as e')
          .select('e.id')
          .whereRef('e.id', '=', 'm.endpoint_id')
          .where('e.enabled', '=', 1),
      ),
    ]),
  ]);
}

/** Relay messages wait for those of every earlier capture for their destination to finish. */
function isNextInLine(eb: MessagesBuilder) {
  return eb.or([
    eb('m.kind', '<>', 'relay'),
    eb.not(
      eb.exists(
        eb
          .selectFrom('delivery_messages as o')
          .select('o.id')
          .whereRef('o.endpoint_id', '=', 'm.endpoint_id')
          .where('o.status', '=', 'pending')
          .whereRef('o.event_id', '<', 'm.event_id'),
      ),
    ),
  ]);
}

const FINISHED: LinkWebhookDeliveryState[] = ['delivered', 'failed', 'dropped'];

export function createMessagesRepo(db: Kysely<DatabaseSchema>): MessagesRepo {
  return {
    async insertMany(messages) {
      if (messages.length === 0) return;
      await db
        .insertInto('delivery_messages')
        .values(
          messages.map((message) => ({
            kind: message.kind ?? 'link',
            endpoint_id: message.endpointId,
            message_id: message.messageId,
            event_id: message.eventId ?? null,
            type: message.type,
            payload: message.payload,
            status: 'pending',
            attempts: 0,
            next_at: message.createdAt,
            created_at: message.createdAt,
          })),
        )
        .execute();
    },
    async claimDue(now, claim, until, limit) {
      const due = db
        .selectFrom('delivery_messages as m')
        .select('m.id')
        .where('m.status', '=', 'pending')
        .where('m.next_at', '<=', now)
        .where((eb) => eb.or([eb('m.claimed_until', 'is', null), eb('m.claimed_until', '<', now)]))
        .where(endpointEnabled)
        .where(isNextInLine)
        .orderBy('m.id')
        .limit(limit);
      const rows = await db
        .updateTable('delivery_messages')
        .set((eb) => ({ claim, claimed_until: until, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returningAll()
        .execute();
      return rows.map(toMessage).sort((a, b) => a.id - b.id);
    },
    async finish(id, claim, outcome) {
      const result = await db
        .updateTable('delivery_messages')
        .set({
          status: outcome.state,
          next_at: outcome.nextAt,
          claim: null,
          claimed_until: null,
          last_status: outcome.status,
          last_error: outcome.error,
          last_attempt_at: outcome.at,
        })
        .where('id', '=', id)
        .where('claim', '=', claim)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async dropOverflow(keep, shown, reason, at) {
      let dropped = 0;
      for (const { endpointId, kind } of await crowdedEndpoints(db, ['pending'], keep)) {
        const waiting = db
          .selectFrom('delivery_messages')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .where('status', '=', 'pending');
        const newestKept = await nthNewestId(waiting, keep);
        if (newestKept === undefined) continue;
        // Older than the `keep` newest, and not out on an attempt.
        const isOverflow = (eb: ExpressionBuilder<DatabaseSchema, 'delivery_messages'>) =>
          eb.and([
            eb('endpoint_id', '=', endpointId),
            eb('status', '=', 'pending'),
            eb('id', '<', newestKept),
            eb('claim', 'is', null),
          ]);
        const oldestShown = await nthNewestId(waiting.where(isOverflow), shown);
        const marked = await db
          .updateTable('delivery_messages')
          .set({ status: 'dropped', last_error: reason, last_attempt_at: at })
          .where(isOverflow)
          .$if(oldestShown !== undefined, (update) => update.where('id', '>=', oldestShown ?? 0))
          .executeTakeFirst();
        const deleted =
          oldestShown === undefined
            ? 0
            : await deleteInBatches(db, 'delivery_messages', (ids) =>
                ids.where(isOverflow).where('id', '<', oldestShown),
              );
        const count = Number(marked.numUpdatedRows) + deleted;
        if (count === 0) continue;
        dropped += count;
        await db
          .updateTable(ENDPOINT_TABLES[kind])
          .set((eb) => ({ dropped_messages: eb('dropped_messages', '+', count) }))
          .where('id', '=', endpointId)
          .execute();
      }
      return dropped;
    },
    async pruneHistory(keep) {
      for (const { endpointId } of await crowdedEndpoints(db, FINISHED, keep)) {
        const oldestKept = await nthNewestId(
          db
            .selectFrom('delivery_messages')
            .select('id')
            .where('endpoint_id', '=', endpointId)
            .where('status', 'in', FINISHED),
          keep,
        );
        if (oldestKept === undefined) continue;
        await deleteInBatches(db, 'delivery_messages', (ids) =>
          ids
            .where('endpoint_id', '=', endpointId)
            .where('status', 'in', FINISHED)
            .where('id', '<', oldestKept),
        );
      }
    },
    async listRecent(endpointId, limit) {
      const rows = await db
        .selectFrom('delivery_messages')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toMessage);
    },
  };
}
