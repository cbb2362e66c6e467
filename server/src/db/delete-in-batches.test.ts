/**
 * Large removals in batches, on SQLite: each batch takes the write lock as every write does, so
 * another process holding it (as another worker does) is waited for without stopping the event loop.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { createSession } from '../../test/factories.js';
import { holdWriteLock } from '../../test/write-lock-holder.js';
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
    app = await buildTestApp();
    const user = await createSession(app);
    for (let index = 0; index < 150; index++) await captureOk(app, user, { payload: `{"n":${index}}` });
    const sqlite = sqliteHandleOf(app.database.db);
    if (!sqlite) throw new Error('not SQLite');

    const other = await holdWriteLock(sqlite.name, 500);
    const timerFired = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), 20));
    const deleting = deleteSessionEvents(app.database.db, user.sessionId);
    const firedAt = await timerFired;
    expect(await deleting).toBe(150);
    // The timer ran while the other process still held the writer: nothing slept in between.
    expect(firedAt).toBeLessThan(await other.releasedAt);
  });
});
