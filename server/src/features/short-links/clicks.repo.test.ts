import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createClicksRepo, type ClicksRepo } from './clicks.repo.js';
import { type NewClick } from './new-click.js';
import { createLinksRepo, type LinksRepo } from './links.repo.js';

function click(urlId: string, isBot = false): NewClick {
  return {
    urlId,
    createdAt: Date.UTC(2024, 0, 1),
    ip: '203.0.113.7',
    city: null,
    region: null,
    country: null,
    isp: null,
    userAgent: 'test',
    referer: null,
    isBot,
    botReason: isBot ? 'isbot: test' : null,
  };
}

// The group-commit writer is hard to race through HTTP; these pin its bookkeeping down directly.
describe.each(storageBackends)('click writer on $name', ({ postgres }) => {
  let database: Database;
  let clicks: ClicksRepo;
  let links: LinksRepo;
  const sessionId = '00000000-0000-4000-8000-000000000001';

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase({ databaseUrl, dataDir: testConfig().dataDir });
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-1', referrer: null, created_at: 0 })
      .execute();
    clicks = createClicksRepo(database.db);
    links = createLinksRepo(database.db);
    for (const id of ['aaaaaaa', 'bbbbbbb']) {
      await links.insertIfFree({ id, ownerSessionId: sessionId, url: 'https://example.com', createdAt: 0 });
    }
  });
  afterAll(() => database.close());

  it('gives each click of a batch its link’s running count of people', async () => {
    const totals = await clicks.insertMany([
      click('aaaaaaa'),
      click('bbbbbbb'),
      click('aaaaaaa', true),
      click('aaaaaaa'),
      click('bbbbbbb'),
    ]);
    expect(totals).toEqual([1, 1, 1, 2, 2]);
    expect((await links.findOwned(sessionId, 'aaaaaaa'))?.clicks).toBe(2);
    expect(await clicks.insertMany([click('aaaaaaa')])).toEqual([3]);
  });

  it('drops clicks of a link deleted meanwhile without failing the rest of the batch', async () => {
    const totals = await clicks.insertMany([click('ccccccc'), click('bbbbbbb'), click('ccccccc', true)]);
    expect(totals).toEqual([null, 3, null]);
    expect(await clicks.listRecent('ccccccc', 10)).toEqual([]);
  });

  it('deleting a link deletes its clicks', async () => {
    await links.insertIfFree({
      id: 'ddddddd',
      ownerSessionId: sessionId,
      url: 'https://example.com',
      createdAt: 0,
    });
    await clicks.insertMany([click('ddddddd'), click('ddddddd')]);
    expect(await links.delete(sessionId, 'ddddddd')).toBe(true);
    expect(await clicks.listRecent('ddddddd', 10)).toEqual([]);
  });

  it('refuses an id that is taken', async () => {
    const taken = { id: 'aaaaaaa', ownerSessionId: sessionId, url: 'https://other.example', createdAt: 1 };
    expect(await links.insertIfFree(taken)).toBe(false);
    expect((await links.findOwned(sessionId, 'aaaaaaa'))?.url).toBe('https://example.com');
  });
});
