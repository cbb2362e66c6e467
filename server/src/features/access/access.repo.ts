import type { Kysely } from 'kysely';
import type { KeyScope } from '../../../../shared/access.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';

export interface StoredKey {
  id: string;
  sessionId: string;
  name: string;
  scope: KeyScope;
  createdAt: number;
  lastUsedAt: number | null;
}

/** The session a key opens, found by the key's hash. */
export interface KeyOwner {
  keyId: string;
  scope: KeyScope;
  lastUsedAt: number | null;
  user: SessionUser;
  isPrivate: boolean;
}

export interface NewKeyRow {
  id: string;
  sessionId: string;
  name: string;
  scope: KeyScope;
  keyHash: string;
  createdAt: number;
}

export interface AccessRepo {
  /** Stores the key unless the session already holds `limit` keys (counted in the same transaction). */
  insertKey(row: NewKeyRow, limit: number): Promise<'inserted' | 'full'>;
  /** The session's keys, oldest first. */
  listKeys(sessionId: string): Promise<StoredKey[]>;
  /** Deletes the session's key; false when the session has no key with that id. */
  deleteKey(sessionId: string, id: string): Promise<boolean>;
  findByHash(keyHash: string): Promise<KeyOwner | null>;
  hasKey(id: string): Promise<boolean>;
  /** Records a use, unless another request recorded one after `staleBefore`. */
  touchKey(id: string, now: number, staleBefore: number): Promise<void>;
  isPrivate(sessionId: string): Promise<boolean>;
  /** Sets the flag; answers the value it had before. */
  setPrivate(sessionId: string, isPrivate: boolean): Promise<boolean>;
}

/** Anything but 'read' is a full key, as every key was before scopes existed. */
const scopeOf = (stored: string): KeyScope => (stored === 'read' ? 'read' : 'full');

export function createAccessRepo(db: Kysely<DatabaseSchema>): AccessRepo {
  const isPostgres = sqliteHandleOf(db) === undefined;

  async function isPrivate(sessionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('sessions')
      .select('is_private')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row?.is_private === 1;
  }

  return {
    async insertKey(row, limit) {
      return db.transaction().execute(async (trx) => {
        // SQLite runs one transaction at a time; on PostgreSQL the session's row is the lock that
        // keeps two creates from both counting 19.
        if (isPostgres)
          await trx
            .selectFrom('sessions')
            .select('session_id')
            .where('session_id', '=', row.sessionId)
            .forUpdate()
            .execute();
        const { count } = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('session_id', '=', row.sessionId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full';
        await trx
          .insertInto('api_keys')
          .values({
            id: row.id,
            session_id: row.sessionId,
            name: row.name,
            scope: row.scope,
            key_hash: row.keyHash,
            created_at: row.createdAt,
            last_used_at: null,
          })
          .execute();
        return 'inserted';
      });
    },
    async listKeys(sessionId) {
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'session_id', 'name', 'scope', 'created_at', 'last_used_at'])
        .where('session_id', '=', sessionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        sessionId: row.session_id,
        name: row.name,
        scope: scopeOf(row.scope),
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
      }));
    },
    async deleteKey(sessionId, id) {
      const result = await db
        .deleteFrom('api_keys')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async findByHash(keyHash) {
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('sessions', 'sessions.session_id', 'api_keys.session_id')
        .select([
          'api_keys.id',
          'api_keys.scope',
          'api_keys.last_used_at',
          'sessions.session_id',
          'sessions.user_id',
          'sessions.is_private',
        ])
        .where('api_keys.key_hash', '=', keyHash)
        .executeTakeFirst();
      if (!row) return null;
      return {
        keyId: row.id,
        scope: scopeOf(row.scope),
        lastUsedAt: row.last_used_at,
        user: { id: row.user_id, sessionId: row.session_id },
        isPrivate: row.is_private === 1,
      };
    },
    async hasKey(id) {
      const row = await db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
    async touchKey(id, now, staleBefore) {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
        .execute();
    },
    isPrivate,
    async setPrivate(sessionId, value) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('sessions')
          .select('is_private')
          .where('session_id', '=', sessionId)
          .executeTakeFirst();
        await trx
          .updateTable('sessions')
          .set({ is_private: value ? 1 : 0 })
          .where('session_id', '=', sessionId)
          .execute();
        return before?.is_private === 1;
      });
    },
  };
}
