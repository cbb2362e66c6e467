import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Contract, ContractFields, ContractSource } from '../../../../shared/contracts.js';
import type { ContractsTable, DatabaseSchema } from '../../db/schema.js';

export interface ContractsRepo {
  /** The session's contracts in list order. */
  list(sessionId: string): Promise<Contract[]>;
  count(sessionId: string): Promise<number>;
  /** Appends contracts at the end of the list, in the order given. */
  add(sessionId: string, fields: ContractFields[], source: ContractSource, now: number): Promise<Contract[]>;
  /** Replaces a contract's fields, keeping its place; null when the session has no such contract. */
  update(sessionId: string, id: string, fields: ContractFields): Promise<Contract | null>;
  /** False when the session has no such contract. */
  remove(sessionId: string, id: string): Promise<boolean>;
}

function toContract(row: Selectable<ContractsTable>): Contract {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    method: row.method,
    header:
      row.header_name !== null && row.header_value !== null
        ? { name: row.header_name, value: row.header_value }
        : null,
    // Written by add() or update() from a schema that compiled.
    schema: JSON.parse(row.schema) as Record<string, unknown>,
    source: row.source as ContractSource,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

function columnsOf(fields: ContractFields) {
  return {
    name: fields.name,
    path: fields.path,
    method: fields.method,
    header_name: fields.header?.name ?? null,
    header_value: fields.header?.value ?? null,
    schema: JSON.stringify(fields.schema),
  };
}

export function createContractsRepo(db: Kysely<DatabaseSchema>): ContractsRepo {
  return {
    async list(sessionId) {
      const rows = await db
        .selectFrom('contracts')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('position')
        .execute();
      return rows.map(toContract);
    },
    async count(sessionId) {
      const row = await db
        .selectFrom('contracts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async add(sessionId, fields, source, now) {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('contracts')
          .select((eb) => eb.fn.max<number | null>('position').as('last'))
          .where('session_id', '=', sessionId)
          .executeTakeFirst();
        const start = Number(last?.last ?? -1) + 1;
        const rows = fields.map((item, index) => ({
          id: randomUUID(),
          session_id: sessionId,
          position: start + index,
          ...columnsOf(item),
          source,
          created_at: now,
        }));
        if (rows.length > 0) await trx.insertInto('contracts').values(rows).execute();
        return rows.map(toContract);
      });
    },
    async update(sessionId, id, fields) {
      const row = await db
        .updateTable('contracts')
        .set(columnsOf(fields))
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toContract(row) : null;
    },
    async remove(sessionId, id) {
      const result = await db
        .deleteFrom('contracts')
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
