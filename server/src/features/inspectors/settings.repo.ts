/**
 * SQL for an inspector's lifetime, cap and CORS switch (columns of its session row), and for
 * removing what an expired or deleted inspector holds. The session row itself stays, as a marker:
 * an expired inspector's URL then answers 410, a deleted one's 404, and its id is never handed out
 * again.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { deleteSessionEvents, pruneSession } from '../webhooks/retention.js';

export interface StoredSettings {
  expiresAt: number | null;
  maxRequests: number | null;
  openCors: boolean;
  /** When its owner deleted it; null while it is not. */
  deletedAt: number | null;
}

export interface SettingsRepo {
  /** undefined when there is no such session. */
  find(sessionId: string): Promise<StoredSettings | undefined>;
  /** False when there is no such session. */
  update(sessionId: string, settings: StoredSettings): Promise<boolean>;
  /** Expired sessions that still hold a name, requests, rules or keys, with their name. */
  expiredHolding(now: number, limit: number): Promise<{ sessionId: string; name: string | null }[]>;
  /** Deletes everything the session holds and frees its name; the row stays as a marker. */
  removeHoldings(sessionId: string): Promise<void>;
  /** Removes everything the session holds and marks it deleted; answers the name it held. */
  markDeleted(sessionId: string, at: number): Promise<string | null>;
  /** Sessions with a cap that hold more requests than it. */
  overCap(): Promise<{ sessionId: string; maxRequests: number }[]>;
  /** Deletes the session's oldest requests beyond `keep` (0: all of them). */
  keepNewest(sessionId: string, keep: number): Promise<void>;
}

export function createSettingsRepo(db: Kysely<DatabaseSchema>): SettingsRepo {
  async function removeHoldings(sessionId: string): Promise<void> {
    await deleteSessionEvents(db, sessionId);
    await db.deleteFrom('response_rule_counters').where('session_id', '=', sessionId).execute();
    await db.deleteFrom('response_rules').where('session_id', '=', sessionId).execute();
    await db.deleteFrom('api_keys').where('session_id', '=', sessionId).execute();
    for (const table of ['share_links', 'signing_secrets', 'contracts', 'replay_jobs'] as const) {
      await db.deleteFrom(table).where('session_id', '=', sessionId).execute();
    }
    // Conformance runs keep their tables to their own feature (conformance.repo.ts).
    await sql`delete from conformance_deliveries where run_id in
      (select id from conformance_runs where session_id = ${sessionId})`.execute(db);
    await sql`delete from conformance_runs where session_id = ${sessionId}`.execute(db);
    await db
      .updateTable('sessions')
      .set({ name: null, is_private: 0 })
      .where('session_id', '=', sessionId)
      .execute();
  }

  return {
    async find(sessionId) {
      const row = await db
        .selectFrom('sessions')
        .select(['expires_at', 'max_requests', 'open_cors', 'deleted_at'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        expiresAt: row.expires_at,
        maxRequests: row.max_requests,
        openCors: row.open_cors === 1,
        deletedAt: row.deleted_at,
      };
    },
    async update(sessionId, settings) {
      const result = await db
        .updateTable('sessions')
        .set({
          expires_at: settings.expiresAt,
          max_requests: settings.maxRequests,
          open_cors: settings.openCors ? 1 : 0,
        })
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async expiredHolding(now, limit) {
      const rows = await db
        .selectFrom('sessions')
        .select(['session_id', 'name'])
        .where('expires_at', '<=', now)
        .where((eb) =>
          eb.or([
            eb('name', 'is not', null),
            ...(['webhook_events', 'response_rules', 'api_keys', 'share_links'] as const).map((table) =>
              eb.exists(
                eb
                  .selectFrom(table)
                  .select(sql.lit(1).as('one'))
                  .whereRef(`${table}.session_id`, '=', 'sessions.session_id'),
              ),
            ),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((row) => ({ sessionId: row.session_id, name: row.name }));
    },
    removeHoldings,
    async markDeleted(sessionId, at) {
      const row = await db
        .selectFrom('sessions')
        .select('name')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      await removeHoldings(sessionId);
      await db.updateTable('sessions').set({ deleted_at: at }).where('session_id', '=', sessionId).execute();
      return row?.name ?? null;
    },
    async overCap() {
      const rows = await db
        .selectFrom('sessions')
        .select(['session_id', 'max_requests'])
        .where('max_requests', 'is not', null)
        .where(
          (eb) =>
            eb
              .selectFrom('webhook_events')
              .select((inner) => inner.fn.countAll().as('held'))
              .whereRef('webhook_events.session_id', '=', 'sessions.session_id'),
          '>',
          (eb) => eb.ref('sessions.max_requests'),
        )
        .execute();
      return rows.map((row) => ({ sessionId: row.session_id, maxRequests: row.max_requests ?? 0 }));
    },
    async keepNewest(sessionId, keep) {
      if (keep === 0) await deleteSessionEvents(db, sessionId);
      else await pruneSession(db, sessionId, { keep, maxBytes: Number.MAX_SAFE_INTEGER });
    },
  };
}
