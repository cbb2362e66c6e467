/**
 * SQLite reuses the pages that pruning frees: under steady traffic into one session the database
 * stops growing once the session is at its byte limit. (PostgreSQL leaves this to autovacuum.)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { sqliteHandleOf } from '../../db/connection.js';
import { captureOk } from './test-captures.js';

const KiB = 1024;
const LIMIT = 64 * KiB;
const BODY = 8 * KiB;
/** Captures between two prune runs: as the 30 s timer would see a steady sender. */
const PER_ROUND = 8;

describe('database size under steady traffic on SQLite', () => {
  let app: FastifyInstance;
  let user: SessionUser;
  beforeAll(async () => {
    app = await buildTestApp({ sessionStorageBytes: LIMIT });
    user = await createSession(app);
  });
  afterAll(async () => {
    await app.close();
  });

  function pageCount(): number {
    const sqlite = sqliteHandleOf(app.database.db);
    if (!sqlite) throw new Error('not SQLite');
    return Number(sqlite.pragma('page_count', { simple: true }));
  }

  /** Captures `rounds` rounds of requests, pruning after each as the timer does. */
  async function steadyTraffic(rounds: number): Promise<void> {
    for (let round = 0; round < rounds; round += 1) {
      for (let index = 0; index < PER_ROUND; index += 1) {
        await captureOk(app, user, { payload: Buffer.alloc(BODY, round + index) });
      }
      await app.services.webhooks.prune();
    }
  }

  it('stays the same size while many times the limit passes through one session', async () => {
    // Enough rounds for the session to reach its limit and the freed pages to be in use.
    await steadyTraffic(5);
    const settled = pageCount();
    // 50 rounds of 64 KiB: 50 times the session's limit, 3.2 MiB, about 800 pages if none were reused.
    await steadyTraffic(50);
    const after = pageCount();
    expect(after).toBeLessThanOrEqual(settled + 8);
  });
});
