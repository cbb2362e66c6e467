import type { Kysely, Selectable } from 'kysely';
import type { SigningSecret } from '../../../../shared/signing-secrets.js';
import type { CustomHmac, Scheme } from '../../../../shared/signatures/schemes.js';
import type { DatabaseSchema, SigningSecretsTable } from '../../db/schema.js';

/** A stored secret, its value included: only the service and the judge see this. */
export type StoredSecret = Omit<SigningSecret, 'hint' | 'createdAt'> & {
  secret: string;
  /** Epoch ms. */
  createdAt: number;
};

export interface SigningSecretsRepo {
  /** The session's secrets in list order (oldest first). */
  list(sessionId: string): Promise<StoredSecret[]>;
  insert(sessionId: string, secret: StoredSecret): Promise<void>;
  /** False when the session has no such secret. */
  update(sessionId: string, secret: StoredSecret): Promise<boolean>;
  /** False when the session has no such secret. */
  remove(sessionId: string, id: string): Promise<boolean>;
}

function fromRow(row: Selectable<SigningSecretsTable>): StoredSecret {
  return {
    id: row.id,
    name: row.name,
    // Written by insert()/update() from values the shared schema checked.
    scheme: row.scheme as Scheme,
    custom: row.custom ? (JSON.parse(row.custom) as CustomHmac) : null,
    path: row.path,
    toleranceSeconds: Number(row.tolerance_seconds),
    refuseInvalid: Number(row.refuse_invalid) === 1,
    secret: row.secret,
    createdAt: Number(row.created_at),
  };
}

function toColumns(secret: StoredSecret) {
  return {
    name: secret.name,
    scheme: secret.scheme,
    custom: secret.custom ? JSON.stringify(secret.custom) : null,
    path: secret.path,
    tolerance_seconds: secret.toleranceSeconds,
    refuse_invalid: secret.refuseInvalid ? 1 : 0,
    secret: secret.secret,
  };
}

export function createSigningSecretsRepo(db: Kysely<DatabaseSchema>): SigningSecretsRepo {
  return {
    async list(sessionId) {
      const rows = await db
        .selectFrom('signing_secrets')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(fromRow);
    },
    async insert(sessionId, secret) {
      await db
        .insertInto('signing_secrets')
        .values({ id: secret.id, session_id: sessionId, created_at: secret.createdAt, ...toColumns(secret) })
        .execute();
    },
    async update(sessionId, secret) {
      const result = await db
        .updateTable('signing_secrets')
        .set(toColumns(secret))
        .where('session_id', '=', sessionId)
        .where('id', '=', secret.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(sessionId, id) {
      const result = await db
        .deleteFrom('signing_secrets')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
