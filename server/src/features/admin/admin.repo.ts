import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

export interface AdminGrant {
  sessionId: string;
  isAdmin: boolean;
  generation: number;
}

export interface ClaimToken {
  tokenHash: string;
  sessionId: string;
  generation: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface AdminRepo {
  findGrant(sessionId: string): Promise<AdminGrant | null>;
  /** Marks the session as admin, keeping its generation (0 for a first grant). */
  grant(sessionId: string, at: number): Promise<AdminGrant>;
  /** Clears the admin flag and bumps the generation, voiding every cookie and link issued before. */
  revoke(sessionId: string, at: number): Promise<AdminGrant>;
  insertClaimToken(token: Omit<ClaimToken, 'usedAt'>): Promise<void>;
  findClaimToken(tokenHash: string): Promise<ClaimToken | null>;
  /** Marks the token used unless it already is or has expired by `at`; false when it was not usable. */
  useClaimToken(tokenHash: string, at: number): Promise<boolean>;
  readSetting(key: string): Promise<string | null>;
  /** Stores the value unless the key already has one (another instance may have been first). */
  insertSettingIfMissing(key: string, value: string): Promise<void>;
}

export function createAdminRepo(db: Kysely<DatabaseSchema>): AdminRepo {
  function toGrant(row: { session_id: string; is_admin: number; generation: number }): AdminGrant {
    return { sessionId: row.session_id, isAdmin: row.is_admin === 1, generation: Number(row.generation) };
  }

  return {
    async findGrant(sessionId) {
      const row = await db
        .selectFrom('admin_sessions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row ? toGrant(row) : null;
    },
    async grant(sessionId, at) {
      const row = await db
        .insertInto('admin_sessions')
        .values({ session_id: sessionId, is_admin: 1, generation: 0, updated_at: at })
        .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ is_admin: 1, updated_at: at }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toGrant(row);
    },
    async revoke(sessionId, at) {
      const row = await db
        .insertInto('admin_sessions')
        .values({ session_id: sessionId, is_admin: 0, generation: 1, updated_at: at })
        .onConflict((conflict) =>
          conflict.column('session_id').doUpdateSet((eb) => ({
            is_admin: 0,
            generation: eb('admin_sessions.generation', '+', 1),
            updated_at: at,
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toGrant(row);
    },
    async insertClaimToken(token) {
      await db
        .insertInto('admin_claim_tokens')
        .values({
          token_hash: token.tokenHash,
          session_id: token.sessionId,
          generation: token.generation,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
          used_at: null,
        })
        .execute();
    },
    async findClaimToken(tokenHash) {
      const row = await db
        .selectFrom('admin_claim_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return null;
      return {
        tokenHash: row.token_hash,
        sessionId: row.session_id,
        generation: Number(row.generation),
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
      };
    },
    async useClaimToken(tokenHash, at) {
      // One conditional update, so two browsers opening the link at once cannot both claim it.
      const result = await db
        .updateTable('admin_claim_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async readSetting(key) {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value ?? null;
    },
    async insertSettingIfMissing(key, value) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    },
  };
}
