/**
 * SQL for what the delivery engine keeps on every endpoint, whichever table its kind lives in
 * (ENDPOINT_TABLES): the last attempt, the count of failed messages that disables it, the switch
 * its owner turns, and its removal together with its queue.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, DeliveryEndpointColumns } from '../../db/schema.js';
import type { AttemptResult } from './delivery-worker.js';
import { ENDPOINT_TABLES, type DeliveryKind } from './outbox.repo.js';

/** An endpoint's health as its feature shows it. */
export function endpointHealth(row: Selectable<DeliveryEndpointColumns>) {
  return {
    isEnabled: Number(row.enabled) === 1,
    disabledReason: row.disabled_reason,
    failedMessages: Number(row.failed_messages),
    droppedMessages: Number(row.dropped_messages),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
  };
}

export interface EndpointHealthRepo {
  /** Notes the last attempt; a delivery also sets the failed-message count back to 0. */
  noteAttempt(id: string, result: AttemptResult, isDelivered: boolean): Promise<void>;
  /**
   * Counts a message that failed every attempt; once `limit` have in a row, disables the
   * endpoint with `reason`. True when this call disabled it.
   */
  noteFailedMessage(id: string, limit: number, reason: string): Promise<boolean>;
}

export function createEndpointHealthRepo(db: Kysely<DatabaseSchema>, kind: DeliveryKind): EndpointHealthRepo {
  const table = ENDPOINT_TABLES[kind];
  return {
    async noteAttempt(id, result, isDelivered) {
      await db
        .updateTable(table)
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
        .updateTable(table)
        .set((eb) => ({ failed_messages: eb('failed_messages', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_messages')
        .executeTakeFirst();
      if (!row || Number(row.failed_messages) < limit) return false;
      const disabled = await db
        .updateTable(table)
        .set({ enabled: 0, disabled_reason: reason })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return Number(disabled.numUpdatedRows) > 0;
    },
  };
}

/**
 * The columns an owner's on/off switch writes; either way the failure count starts again, so
 * that it only ever shows failures that disabled the endpoint.
 */
export function switchedOnOrOff(isEnabled: boolean | undefined) {
  if (isEnabled === true) return { enabled: 1, disabled_reason: null, failed_messages: 0 };
  if (isEnabled === false)
    return { enabled: 0, disabled_reason: 'Turned off by its owner.', failed_messages: 0 };
  return {};
}

/**
 * Removes the session's endpoint and its queued messages, inside the caller's transaction; false
 * when the session has no such endpoint.
 */
export async function deleteEndpoint(
  trx: Kysely<DatabaseSchema>,
  kind: DeliveryKind,
  sessionId: string,
  id: string,
): Promise<boolean> {
  const deleted = await trx
    .deleteFrom(ENDPOINT_TABLES[kind])
    .where('session_id', '=', sessionId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  await trx.deleteFrom('delivery_messages').where('kind', '=', kind).where('endpoint_id', '=', id).execute();
  return true;
}
