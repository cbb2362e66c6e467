import type { Kysely } from 'kysely';
import type { CallbackResult } from '../../../../shared/callback-result.js';
import type { DatabaseSchema } from '../../db/schema.js';

export interface CallbacksRepo {
  /** Records the callback's state on the event (deleted ones too: restoring shows it); false when it is gone. */
  save(sessionId: string, eventId: number, result: CallbackResult): Promise<boolean>;
}

export function createCallbacksRepo(db: Kysely<DatabaseSchema>): CallbacksRepo {
  return {
    async save(sessionId, eventId, result) {
      const updated = await db
        .updateTable('webhook_events')
        .set({ callback: JSON.stringify(result) })
        .where('session_id', '=', sessionId)
        .where('id', '=', eventId)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
  };
}
