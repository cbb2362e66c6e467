/**
 * The disk gets its space back on SQLite, measured the way an operator would: the total size of
 * the files in DATA_DIR after many times a session's limit was sent to it through the capture
 * route, pruned and vacuumed as the prune timer does (auto_vacuum=INCREMENTAL, incremental_vacuum
 * in small steps, the write-ahead log cut back after checkpoints).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../shared/sessions.js';
import { buildTestApp } from '../../../test/app.js';
import { createSession } from '../../../test/factories.js';
import { sqliteHandleOf } from '../../db/connection.js';
import { captureOk } from './test-captures.js';

const MiB = 1024 * 1024;
const SENT_MIB = 80;

function dataDirBytes(dataDir: string): number {
  return fs
    .readdirSync(dataDir)
    .reduce((total, name) => total + fs.statSync(path.join(dataDir, name)).size, 0);
}

describe('disk space on SQLite', () => {
  let app: FastifyInstance;
  let user: SessionUser;
  let dataDir: string;
  beforeAll(async () => {
    app = await buildTestApp({ sessionStorageBytes: 8 * MiB });
    dataDir = dataDirOf(app);
    user = await createSession(app);
  });
  afterAll(async () => {
    await app.close();
  });

  function dataDirOf(built: FastifyInstance): string {
    const sqlite = sqliteHandleOf(built.database.db);
    if (!sqlite) throw new Error('not SQLite');
    return path.dirname(sqlite.name);
  }

  /** Sends `mib` requests of 1 MiB each through the capture route, then lets pruning and vacuum run. */
  async function sendAndPrune(mib: number): Promise<void> {
    for (let index = 0; index < mib; index += 1) {
      await captureOk(app, user, { payload: Buffer.alloc(MiB, index % 251) });
    }
    await app.services.webhooks.prune();
    // A checkpoint of the worker's, then a write, so the log starts over and is cut back.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await captureOk(app, user, { payload: 'after' });
  }

  it(`keeps DATA_DIR within 64 MiB after ${SENT_MIB} MiB went to a session limited to 8 MiB, and again`, async () => {
    await sendAndPrune(SENT_MIB);
    const first = dataDirBytes(dataDir);
    expect(first).toBeLessThanOrEqual(64 * MiB);

    await sendAndPrune(SENT_MIB);
    expect(dataDirBytes(dataDir)).toBeLessThanOrEqual(64 * MiB);
  }, 60_000);
});
