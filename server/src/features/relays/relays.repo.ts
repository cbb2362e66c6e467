/** SQL for a session's relay destinations (relay_destinations) and their attempts (relay_attempts). */
import type { Kysely, Selectable } from 'kysely';
import type { RelayAttemptState, RelayFilter, RelayMode } from '../../../../shared/relays.js';
import type { DatabaseSchema, RelayAttemptsTable, RelayDestinationsTable } from '../../db/schema.js';
import {
  createEndpointHealthRepo,
  deleteEndpoint,
  endpointHealth,
  switchedOnOrOff,
} from '../delivery/endpoints.repo.js';
import { nthNewestId } from '../delivery/outbox.repo.js';

export interface StoredRelay {
  id: string;
  sessionId: string;
  url: string;
  mode: RelayMode;
  secret: string | null;
  filter: RelayFilter;
  isEnabled: boolean;
  disabledReason: string | null;
  failedMessages: number;
  droppedMessages: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: number | null;
  createdAt: number;
}

export interface RelayChange {
  url?: string;
  mode?: RelayMode;
  /** Set together with a switch to `sign`; null with a switch to `headers`. */
  secret?: string | null;
  filter?: RelayFilter;
  /** true clears the disabled reason and the failure count. */
  isEnabled?: boolean;
}

export interface StoredAttempt {
  sessionId: string;
  relayId: string;
  eventId: number;
  messageId: string;
  attempt: number;
  state: RelayAttemptState;
  status: number | null;
  error: string | null;
  at: number;
}

function toRelay(row: Selectable<RelayDestinationsTable>): StoredRelay {
  return {
    id: row.id,
    sessionId: row.session_id,
    url: row.url,
    mode: row.mode === 'headers' ? 'headers' : 'sign',
    secret: row.secret,
    filter: {
      methods: row.filter_methods ? row.filter_methods.split(',') : [],
      path: row.filter_path,
      q: row.filter_q,
    },
    ...endpointHealth(row),
    createdAt: Number(row.created_at),
  };
}

function toAttempt(row: Selectable<RelayAttemptsTable>): StoredAttempt {
  return {
    sessionId: row.session_id,
    relayId: row.destination_id,
    eventId: Number(row.event_id),
    messageId: row.message_id,
    attempt: Number(row.attempt),
    state: row.state as RelayAttemptState, // written only from the engine's outcome states
    status: row.status === null ? null : Number(row.status),
    error: row.error,
    at: Number(row.at),
  };
}

export type RelaysRepo = ReturnType<typeof createRelaysRepo>;

export function createRelaysRepo(db: Kysely<DatabaseSchema>) {
  const owned = (sessionId: string, id: string) =>
    db.selectFrom('relay_destinations').selectAll().where('session_id', '=', sessionId).where('id', '=', id);
  return {
    ...createEndpointHealthRepo(db, 'relay'),
    async countOwned(sessionId: string): Promise<number> {
      const row = await db
        .selectFrom('relay_destinations')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async insert(relay: StoredRelay): Promise<void> {
      await db
        .insertInto('relay_destinations')
        .values({
          id: relay.id,
          session_id: relay.sessionId,
          url: relay.url,
          mode: relay.mode,
          secret: relay.secret,
          filter_methods: relay.filter.methods.join(','),
          filter_path: relay.filter.path,
          filter_q: relay.filter.q,
          enabled: 1,
          failed_messages: 0,
          created_at: relay.createdAt,
        })
        .execute();
    },
    /** Oldest first. */
    async listOwned(sessionId: string): Promise<StoredRelay[]> {
      const rows = await db
        .selectFrom('relay_destinations')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRelay);
    },
    async findOwned(sessionId: string, id: string): Promise<StoredRelay | null> {
      const row = await owned(sessionId, id).executeTakeFirst();
      return row ? toRelay(row) : null;
    },
    async listById(ids: string[]): Promise<StoredRelay[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('relay_destinations').selectAll().where('id', 'in', ids).execute();
      return rows.map(toRelay);
    },
    async hasAnyEnabled(): Promise<boolean> {
      const row = await db
        .selectFrom('relay_destinations')
        .select('id')
        .where('enabled', '=', 1)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async update(sessionId: string, id: string, change: RelayChange): Promise<StoredRelay | null> {
      const row = await db
        .updateTable('relay_destinations')
        .set({
          ...(change.url !== undefined && { url: change.url }),
          ...(change.mode !== undefined && { mode: change.mode }),
          ...(change.secret !== undefined && { secret: change.secret }),
          ...(change.filter !== undefined && {
            filter_methods: change.filter.methods.join(','),
            filter_path: change.filter.path,
            filter_q: change.filter.q,
          }),
          ...switchedOnOrOff(change.isEnabled),
        })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toRelay(row) : null;
    },
    /** Removes the destination, its queue and its attempts; false when the session has no such destination. */
    async delete(sessionId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await deleteEndpoint(trx, 'relay', sessionId, id))) return false;
        await trx.deleteFrom('relay_attempts').where('destination_id', '=', id).execute();
        return true;
      });
    },
    async insertAttempt(attempt: StoredAttempt): Promise<void> {
      await db
        .insertInto('relay_attempts')
        .values({
          session_id: attempt.sessionId,
          destination_id: attempt.relayId,
          event_id: attempt.eventId,
          message_id: attempt.messageId,
          attempt: attempt.attempt,
          state: attempt.state,
          status: attempt.status,
          error: attempt.error,
          at: attempt.at,
        })
        .execute();
    },
    /** Oldest first. */
    async listAttempts(sessionId: string, eventId: number): Promise<StoredAttempt[]> {
      const rows = await db
        .selectFrom('relay_attempts')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute();
      return rows.map(toAttempt);
    },
    /** Attempts the session's destinations made since `since` (the per-minute limit). */
    async countAttemptsSince(sessionId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('relay_attempts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('session_id', '=', sessionId)
        .where('at', '>=', since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    /** Keeps the `keep` newest attempts of each destination. */
    async pruneAttempts(keep: number): Promise<void> {
      const crowded = await db
        .selectFrom('relay_attempts')
        .select('destination_id')
        .groupBy('destination_id')
        .having((eb) => eb.fn.countAll(), '>', keep)
        .execute();
      for (const { destination_id: id } of crowded) {
        const oldestKept = await nthNewestId(
          db.selectFrom('relay_attempts').select('id').where('destination_id', '=', id),
          keep,
        );
        if (oldestKept === undefined) continue;
        await db
          .deleteFrom('relay_attempts')
          .where('destination_id', '=', id)
          .where('id', '<', oldestKept)
          .execute();
      }
    },
  };
}
