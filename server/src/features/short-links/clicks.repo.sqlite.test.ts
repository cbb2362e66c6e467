import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { testConfig } from '../../../test/app.js';
import { createClicksRepo, type ClicksRepo } from './clicks.repo.js';
import { type NewClick } from './new-click.js';
import { createLinksRepo, type LinksRepo } from './links.repo.js';

function click(urlId: string): NewClick {
  return {
    urlId,
    createdAt: Date.UTC(2024, 0, 1),
    ip: '203.0.113.7',
    city: null,
    region: null,
    country: 'NL',
    isp: null,
    userAgent: 'test',
    referer: null,
    isBot: false,
    botReason: null,
  };
}

// The SQLite click writer runs its own synchronous transaction; it must not join one of Kysely's.
describe('click writer on SQLite', () => {
  let database: Database;
  let clicks: ClicksRepo;
  let links: LinksRepo;
  const sessionId = '00000000-0000-4000-8000-000000000001';

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: testConfig().dataDir });
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-1', referrer: null, created_at: 0 })
      .execute();
    clicks = createClicksRepo(database.db);
    links = createLinksRepo(database.db);
    await links.insertIfFree({
      id: 'aaaaaaa',
      ownerSessionId: sessionId,
      url: 'https://example.com',
      createdAt: 0,
    });
  });
  afterAll(() => database.close());

  it('waits for a Kysely transaction open on the connection instead of joining it', async () => {
    let pending: Promise<(number | null)[]> | undefined;
    const rolledBack = database.db.transaction().execute(async (trx) => {
      await trx.updateTable('short_links').set({ clicks: 100 }).where('id', '=', 'aaaaaaa').execute();
      pending = clicks.insertMany([click('aaaaaaa')]);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    // Counted after the rollback, and kept by itself.
    expect(await pending).toEqual([1]);
    expect((await links.findOwned(sessionId, 'aaaaaaa'))?.clicks).toBe(1);
    expect(await clicks.listRecent('aaaaaaa', 10)).toHaveLength(1);
    const counts = await database.db.selectFrom('short_link_click_counts').selectAll().execute();
    expect(counts.find((row) => row.dimension === 'country')).toMatchObject({ value: 'NL', clicks: 1 });
  });
});
