/**
 * Large removals in batches, on SQLite: each batch takes the write lock as every write does, so
 * another process holding it (as another worker does) is waited for without stopping the event loop.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { createSession } from '../../test/factories.js';
import { whileAnotherHoldsTheLock } from '../../test/write-lock-holder.js';
import { captureOk } from '../features/webhooks/test-captures.js';
import { deleteSessionEvents } from '../features/webhooks/retention.js';
import { sqliteHandleOf } from './connection.js';

let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('deleting in batches', () => {
  it('waits for another process holding the writer without stopping the event loop', async () => {
    const built = await buildTestApp();
    app = built;
    const user = await createSession(built);
    for (let index = 0; index < 150; index++) await captureOk(built, user, { payload: `{"n":${index}}` });
    const sqlite = sqliteHandleOf(built.database.db);
    if (!sqlite) throw new Error('not SQLite');

    const { result, timerRanMeanwhile } = await whileAnotherHoldsTheLock(sqlite.name, () =>
      deleteSessionEvents(built.database.db, user.sessionId),
    );
    expect(result).toBe(150);
    expect(timerRanMeanwhile).toBe(true);
  });
});
