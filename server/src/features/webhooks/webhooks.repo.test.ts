import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../../db/connection.js';
import { createSessionsRepo } from '../sessions/sessions.repo.js';
import { freshPostgresUrl, storageBackends, TEST_DATABASE_URL } from '../../../test/app.js';
import { DELETE_BATCH_ROWS } from '../../db/delete-in-batches.js';
import type { EventVerdicts } from '../../../../shared/verdicts.js';
import { searchQuerySchema } from './event-search.js';
import { toEventRow, type CapturedRequest, type NewEventRow } from './event-insert.js';
import { createWebhooksRepo, type WebhooksRepo } from './webhooks.repo.js';

const searchFilterOf = (q: string) => searchQuerySchema(z.object({})).parse({ q }).filter;

/** Where a test database lives; open it more than once to act as several server instances. */
async function testStore(postgres: boolean): Promise<{ databaseUrl: string | null; dataDir: string }> {
  if (postgres) {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    return { databaseUrl: await freshPostgresUrl(TEST_DATABASE_URL), dataDir: '' };
  }
  return { databaseUrl: null, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-repo-')) };
}

/** Limits by count alone. */
function byCount(keep: number) {
  return { keep, maxBytes: Number.MAX_SAFE_INTEGER };
}

describe.each(storageBackends)('webhooks repo on $name', ({ postgres }) => {
  let store: Awaited<ReturnType<typeof testStore>>;
  let database: Database;
  let repo: WebhooksRepo;
  beforeAll(async () => {
    store = await testStore(postgres);
    database = await openDatabase(store);
    repo = createWebhooksRepo(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  async function newSession(): Promise<string> {
    const sessionId = randomUUID();
    await createSessionsRepo(database.db).insertIfMissing({
      id: randomUUID(),
      sessionId,
      referrer: null,
      createdAt: Date.now(),
    });
    return sessionId;
  }

  /** A request as the capture route hands it over. */
  function captured(sessionId: string, body: Buffer = Buffer.from('body')): CapturedRequest {
    return {
      sessionId,
      method: 'POST',
      path: '/',
      queryString: '',
      rawHeaders: [['Content-Type', 'text/plain']],
      body,
      size: body.length,
      truncated: false,
      contentType: 'text/plain',
      ip: '127.0.0.1',
      userAgent: 'test',
      createdAt: Date.now(),
      response: { status: 200, source: 'default' },
      verdicts: {},
    };
  }

  /** A row as a capture stores it; its stored size follows `overrides.body` unless given too. */
  function row(sessionId: string, overrides: Partial<NewEventRow> = {}): NewEventRow {
    return { ...toEventRow(captured(sessionId, overrides.body)), ...overrides };
  }

  async function insertIds(rows: NewEventRow[]): Promise<number[]> {
    return (await repo.insertMany(rows)).map((place) => place.id);
  }

  /** Inserts `count` rows one statement each, oldest first; returns their ids. */
  async function insertEach(sessionId: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const [id] = await insertIds([row(sessionId, { path: `/${index}` })]);
      ids.push(id as number);
    }
    return ids;
  }

  const page = (limit: number, extra: { before?: number; after?: number } = {}) => ({ limit, ...extra });

  it('finds visible requests by id, as the list shows them, leaving out deleted ones', async () => {
    const sessionId = await newSession();
    const [first, second, third] = await insertIds([
      row(sessionId, { path: '/a' }),
      row(sessionId, { path: '/b' }),
      row(sessionId, { path: '/c' }),
    ]);
    await repo.hide(sessionId, second as number);
    const found = await repo.findVisibleByIds([third as number, second as number, first as number]);
    expect(found.map((each) => each.path).sort()).toEqual(['/a', '/c']);
    expect(found.sort((a, b) => b.id - a.id)).toEqual(await repo.listVisible(sessionId, page(10)));
    expect(await repo.findVisibleByIds([])).toEqual([]);
  });

  it('stores verdicts in their columns and finds them by sig: and contract: tokens', async () => {
    const sessionId = await newSession();
    const verdicts: EventVerdicts = {
      signature: { status: 'valid', secretId: 'sec1', secretName: 'GitHub', scheme: 'github-sha256' },
      contract: { status: 'fail', contractId: 'c1', contractName: 'Push', violations: [] },
    };
    const [judged, plain] = await insertIds([
      toEventRow({ ...captured(sessionId), verdicts }),
      row(sessionId),
    ]);
    const stored = await repo.findVisible(sessionId, judged as number);
    expect(stored).toMatchObject({ signature_status: 'valid', contract_status: 'fail' });
    expect(JSON.parse(stored?.verdicts ?? 'null')).toEqual(verdicts);
    expect((await repo.findVisible(sessionId, plain as number))?.verdicts).toBeNull();
    const ids = async (q: string) =>
      (await repo.listVisible(sessionId, { limit: 10, filter: searchFilterOf(q) })).map((each) => each.id);
    expect(await ids('sig:valid')).toEqual([judged]);
    expect(await ids('sig:none')).toEqual([plain]);
    expect(await ids('sig:invalid')).toEqual([]);
    expect(await ids('contract:fail body')).toEqual([judged]);
    expect(await ids('contract:none')).toEqual([plain]);
    expect((await repo.countVisible(sessionId, searchFilterOf('sig:valid'))).matching).toBe(1);
  });

  it('insertMany stores a batch of 50 in one call and returns their ids in input order', async () => {
    const sessionId = await newSession();
    const rows = Array.from({ length: 50 }, (_, index) => row(sessionId, { path: `/row/${index}` }));
    const ids = await insertIds(rows);
    expect(ids).toHaveLength(50);
    for (let index = 1; index < ids.length; index += 1) {
      expect(ids[index]).toBeGreaterThan(ids[index - 1] as number);
    }
    for (const [index, id] of ids.entries()) {
      expect((await repo.findVisible(sessionId, id))?.path).toBe(`/row/${index}`);
    }
  });

  it('concurrent insertMany calls each get the ids of their own rows', async () => {
    const sessionId = await newSession();
    const batches = Array.from({ length: 4 }, (_, batch) =>
      Array.from({ length: 25 }, (_, index) => row(sessionId, { path: `/b${batch}/${index}` })),
    );
    const results = await Promise.all(batches.map((rows) => insertIds(rows)));
    expect(new Set(results.flat()).size).toBe(100);
    for (const [batch, ids] of results.entries()) {
      for (const [index, id] of ids.entries()) {
        expect((await repo.findVisible(sessionId, id))?.path).toBe(`/b${batch}/${index}`);
      }
    }
  });

  it('each row links to the session’s row stored before it, across batches and sessions', async () => {
    const first = await newSession();
    const second = await newSession();
    const [a1, b1, a2] = await repo.insertMany([row(first), row(second), row(first)]);
    expect(a1?.previousId).toBeNull();
    expect(b1?.previousId).toBeNull();
    expect(a2?.previousId).toBe(a1?.id);
    const [a3] = await repo.insertMany([row(first)]);
    expect(a3?.previousId).toBe(a2?.id);
    expect((await repo.findVisible(first, a3?.id ?? 0))?.previous_id).toBe(a2?.id);
  });

  it('with several writers at once, reading after the newest id seen never skips a row of the session', async () => {
    // Two connections pools act as two server instances writing into one session while a third
    // keeps reading "after the newest id it has seen", as a reconnecting client or stream does.
    const writers = [await openDatabase(store), await openDatabase(store)];
    try {
      const sessionId = await newSession();
      const writerRepos = writers.map((writer) => createWebhooksRepo(writer.db));
      let isWriting = true;
      const writing = Promise.all(
        writerRepos.map(async (writerRepo, writer) => {
          const places = [];
          for (let batch = 0; batch < 40; batch += 1) {
            const rows = Array.from({ length: 1 + (batch % 3) }, () =>
              row(sessionId, { path: `/w${writer}` }),
            );
            places.push(...(await writerRepo.insertMany(rows)));
          }
          return places;
        }),
      ).finally(() => {
        isWriting = false;
      });
      const seen: number[] = [];
      let cursor = 0;
      for (;;) {
        // Read before looking at the writers again: a read that began while they were still
        // writing may miss their last commit, so only a read begun after they finished may end it.
        const wereWriting = isWriting;
        // A turn of the event loop a read, as a client reading over the network takes: SQLite's
        // reads resolve at once, and a loop of them alone would never let a writer waiting for
        // the write lock (held a moment by a checkpoint) try again.
        await new Promise((resolve) => setImmediate(resolve));
        const newer = await repo.listVisible(sessionId, { limit: 500, after: cursor });
        for (const event of newer.reverse()) seen.push(event.id);
        cursor = seen.at(-1) ?? cursor;
        if (!wereWriting && newer.length === 0) break;
      }
      const places = (await writing).flat().sort((a, b) => a.id - b.id);
      expect(seen).toEqual(places.map((place) => place.id));
      // The links form one unbroken chain from the session's first row to its newest.
      expect(places.map((place) => place.previousId)).toEqual([
        null,
        ...places.slice(0, -1).map((place) => place.id),
      ]);
    } finally {
      await Promise.all(writers.map((writer) => writer.close()));
    }
  });

  it('a row inserted while another transaction is open is not undone by its rollback', async () => {
    const sessionId = await newSession();
    let insert: Promise<number[]> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('webhook_events').select('id').limit(1).execute();
        insert = insertIds([row(sessionId, { path: '/during' })]);
        // Lets an insert that wrongly joined this transaction run before the rollback.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [id] = (await insert) ?? [];
    expect((await repo.findVisible(sessionId, id as number))?.path).toBe('/during');
  });

  it('listVisible returns the session’s rows newest first, paged by limit, before and after', async () => {
    const sessionId = await newSession();
    const otherId = await newSession();
    const ids = await insertEach(sessionId, 5);
    await insertEach(otherId, 2);
    const [e1, e2, e3, e4, e5] = ids as [number, number, number, number, number];
    const idsOf = async (query: ReturnType<typeof page>) =>
      (await repo.listVisible(sessionId, query)).map((found) => found.id);

    expect(await idsOf(page(100))).toEqual([e5, e4, e3, e2, e1]);
    expect(await idsOf(page(2))).toEqual([e5, e4]);
    expect(await idsOf(page(2, { before: e4 }))).toEqual([e3, e2]);
    expect(await idsOf(page(100, { after: e3 }))).toEqual([e5, e4]);
    expect(await idsOf(page(100, { after: e1, before: e5 }))).toEqual([e4, e3, e2]);
    expect(await idsOf(page(100, { before: e1 }))).toEqual([]);
  });

  it('hide marks an event deleted once, only for its own session', async () => {
    const sessionId = await newSession();
    const otherId = await newSession();
    const [kept, hidden] = (await insertEach(sessionId, 2)) as [number, number];

    expect(await repo.hide(otherId, hidden)).toBe(false);
    expect(await repo.hide(sessionId, hidden)).toBe(true);
    expect(await repo.hide(sessionId, hidden)).toBe(false);
    expect(await repo.hide(sessionId, 987_654_321)).toBe(false);

    expect((await repo.listVisible(sessionId, page(100))).map((found) => found.id)).toEqual([kept]);
    expect(await repo.findVisible(sessionId, hidden)).toBeNull();
    expect(await repo.findVisible(otherId, kept)).toBeNull();
    expect((await repo.findVisible(sessionId, kept))?.id).toBe(kept);
  });

  it('two instances pruning the same session at once keep exactly the newest N', async () => {
    const sessionId = await newSession();
    const ids = await insertEach(sessionId, 12);
    // A second handle on the same store stands for another instance.
    const other = createWebhooksRepo(database.db);
    const deleted = await Promise.all([
      repo.prune(sessionId, byCount(5)),
      other.prune(sessionId, byCount(5)),
    ]);
    expect(deleted[0].requests + deleted[1].requests).toBe(7);
    expect((await repo.listVisible(sessionId, page(100))).map((found) => found.id)).toEqual(
      ids.slice(-5).reverse(),
    );
  });

  it('prune by bytes measures rows stored before their size was recorded from the rows themselves', async () => {
    const sessionId = await newSession();
    const body = Buffer.alloc(3000, 'x');
    const headers = JSON.stringify([['Content-Type', 'text/plain']]);
    // Rows as an earlier version stored them: no stored_bytes.
    const legacy = await insertIds(
      Array.from({ length: 3 }, () => row(sessionId, { body, stored_bytes: null })),
    );
    const [recorded] = await insertIds([row(sessionId, { body })]);
    expect((await repo.findVisible(sessionId, recorded as number))?.stored_bytes).toBe(
      body.length + Buffer.byteLength(headers),
    );

    // Two requests of 3000 bytes plus headers fit in 6100 bytes, three do not.
    expect(await repo.prune(sessionId, { keep: 100, maxBytes: 6100 })).toEqual({
      requests: 2,
      bytes: 2 * (body.length + Buffer.byteLength(headers)),
    });
    expect((await repo.listVisible(sessionId, page(100))).map((found) => found.id)).toEqual([
      recorded,
      legacy[2],
    ]);
  });

  it('deleteCapturedBefore deletes the old rows of every session and nothing newer', async () => {
    const first = await newSession();
    const second = await newSession();
    const old = Date.now() - 60_000;
    await insertIds([row(first, { created_at: old }), row(second, { created_at: old - 1 })]);
    const kept = await insertIds([row(first), row(second, { created_at: old + 2 })]);

    expect(await repo.deleteCapturedBefore(old + 1)).toBe(2);
    expect((await repo.listVisible(first, page(10))).map((found) => found.id)).toEqual([kept[0]]);
    expect((await repo.listVisible(second, page(10))).map((found) => found.id)).toEqual([kept[1]]);
    expect(await repo.deleteCapturedBefore(old + 1)).toBe(0);
  });

  it('deletes more rows than one batch holds', async () => {
    const sessionId = await newSession();
    const rows = Array.from({ length: DELETE_BATCH_ROWS * 2 + 5 }, () => row(sessionId));
    const ids = await insertIds(rows);
    expect((await repo.prune(sessionId, byCount(3))).requests).toBe(rows.length - 3);
    expect((await repo.listVisible(sessionId, page(10))).map((found) => found.id)).toEqual(
      ids.slice(-3).reverse(),
    );
  });

  it('prune keeps the newest N rows of the session and reports how many it deleted', async () => {
    const sessionId = await newSession();
    const otherId = await newSession();
    const ids = await insertEach(sessionId, 7);
    const otherIds = await insertEach(otherId, 3);

    expect((await repo.prune(sessionId, byCount(3))).requests).toBe(4);
    expect((await repo.listVisible(sessionId, page(100))).map((found) => found.id)).toEqual(
      ids.slice(4).reverse(),
    );
    expect((await repo.listVisible(otherId, page(100))).map((found) => found.id)).toEqual(
      [...otherIds].reverse(),
    );
    expect((await repo.prune(sessionId, byCount(3))).requests).toBe(0);
    expect((await repo.prune(otherId, byCount(10))).requests).toBe(0);
    expect((await repo.prune(randomUUID(), byCount(1))).requests).toBe(0);
  });

  it('bodies round-trip byte for byte: all byte values, empty, and 2 MiB of random bytes', async () => {
    const sessionId = await newSession();
    const bodies = [
      Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
      Buffer.alloc(0),
      randomBytes(2 * 1024 * 1024),
      Buffer.from('\u0000nul and ünïcödé\r\n'),
    ];
    const ids = await insertIds(bodies.map((body) => row(sessionId, { body, size: body.length })));
    for (const [index, id] of ids.entries()) {
      const stored = await repo.findVisible(sessionId, id);
      expect(Buffer.isBuffer(stored?.body)).toBe(true);
      expect(stored?.body.equals(bodies[index] as Buffer)).toBe(true);
    }
  });

  it('numbers come back as numbers, large sizes and times exactly', async () => {
    const sessionId = await newSession();
    const createdAt = Date.UTC(2031, 0, 2, 3, 4, 5, 678);
    const [id] = (await insertIds([
      row(sessionId, { size: 5_000_000_000, created_at: createdAt, truncated: 1 }),
    ])) as [number];
    expect(typeof id).toBe('number');
    const stored = await repo.findVisible(sessionId, id);
    expect(stored).toMatchObject({
      id,
      size: 5_000_000_000,
      created_at: createdAt,
      truncated: 1,
      is_deleted: 0,
    });
    for (const value of [
      stored?.id,
      stored?.size,
      stored?.created_at,
      stored?.truncated,
      stored?.is_deleted,
    ]) {
      expect(typeof value).toBe('number');
    }
    const [listed] = await repo.listVisible(sessionId, page(1));
    expect(typeof listed?.id).toBe('number');
    expect(typeof listed?.size).toBe('number');
  });

  it('text columns keep nulls, header JSON and odd characters', async () => {
    const sessionId = await newSession();
    const rawHeaders = JSON.stringify([
      ['X-Émoji', '🎉'],
      ['x-dup', 'a'],
      ['X-DUP', 'b'],
    ]);
    const [id] = (await insertIds([
      row(sessionId, {
        method: 'PROPFIND',
        path: "/a b/'quoted'/ü",
        query_string: 'x=1&x=2',
        raw_headers: rawHeaders,
        content_type: null,
        ip: null,
        user_agent: null,
      }),
    ])) as [number];
    expect(await repo.findVisible(sessionId, id)).toMatchObject({
      method: 'PROPFIND',
      path: "/a b/'quoted'/ü",
      query_string: 'x=1&x=2',
      raw_headers: rawHeaders,
      content_type: null,
      ip: null,
      user_agent: null,
    });
  });
});
