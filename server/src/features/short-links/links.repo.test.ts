import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { createClicksRepo } from './clicks.repo.js';
import { type NewClick } from './new-click.js';
import { createLinksRepo, type LinksRepo } from './links.repo.js';

function person(urlId: string): NewClick {
  return {
    urlId,
    createdAt: Date.UTC(2026, 10, 20),
    ip: '8.8.8.8',
    city: null,
    region: null,
    country: 'US',
    isp: null,
    userAgent: 'Mozilla/5.0',
    referer: null,
    isBot: false,
    botReason: null,
  };
}

describe.each(storageBackends)('link options in storage on $name', ({ postgres }) => {
  let database: Database;
  let links: LinksRepo;
  const sessionId = 'session-links-repo';

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase(testConfig({ databaseUrl }));
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-links-repo', referrer: null, created_at: 0 })
      .execute();
    links = createLinksRepo(database.db);
  });
  afterAll(() => database.close());

  function addLink(id: string, options: { maxClicks?: number | null; passwordHash?: string | null } = {}) {
    return links.insertIfFree({
      id,
      ownerSessionId: sessionId,
      url: 'https://example.com',
      createdAt: 1,
      ...options,
    });
  }

  it('stores the options and reads them back', async () => {
    await links.insertIfFree({
      id: 'stored-opts',
      ownerSessionId: sessionId,
      url: 'https://example.com',
      createdAt: 1,
      isAlias: true,
      expiresAt: Date.UTC(2030, 0, 1),
      maxClicks: 7,
      passwordHash: 'scrypt$salt$key',
    });
    expect(await links.find('stored-opts')).toEqual({
      id: 'stored-opts',
      ownerSessionId: sessionId,
      url: 'https://example.com',
      clicks: 0,
      createdAt: 1,
      isAlias: true,
      expiresAt: Date.UTC(2030, 0, 1),
      maxClicks: 7,
      passwordHash: 'scrypt$salt$key',
      disabledAt: null,
      forwardQuery: true,
      rules: [],
      externalId: null,
      note: null,
      tags: [],
      card: null,
      redirectStatus: null,
      fallbackUrl: null,
      startsAt: null,
      split: null,
    });
  });

  it('claims clicks up to the limit and no further, however many ask at once', async () => {
    await addLink('claim-race', { maxClicks: 3 });
    const claims = await Promise.all(Array.from({ length: 12 }, () => links.claimClick('claim-race')));
    expect(claims.filter((claim) => claim !== null).sort()).toEqual([1, 2, 3]);
    expect(await links.isAtLimit('claim-race')).toBe(true);
    expect((await links.find('claim-race'))?.clicks).toBe(3);
  });

  it('moves the clicks and their counters with a renamed link', async () => {
    await addLink('old-name');
    const clicks = createClicksRepo(database.db);
    await clicks.insertMany([person('old-name'), person('old-name')]);
    const renamed = await links.update(sessionId, 'old-name', {
      url: 'https://example.com',
      newId: 'new-name',
      isAlias: true,
    });
    expect(renamed).toMatchObject({ id: 'new-name', isAlias: true, clicks: 2 });
    expect(await links.find('old-name')).toBeNull();
    expect(await clicks.listRecent('new-name', 10)).toHaveLength(2);
    const analytics = createAnalyticsRepo(database.db, database.dialect);
    expect((await analytics.totals('new-name', null)).people).toBe(2);
    expect((await analytics.totals('old-name', null)).people).toBe(0);
  });

  it('refuses a rename onto a taken id', async () => {
    await addLink('rename-a');
    await addLink('rename-b');
    expect(await links.update(sessionId, 'rename-a', { url: 'https://example.com', newId: 'rename-b' })).toBe(
      'taken',
    );
    expect(await links.find('rename-a')).not.toBeNull();
  });
});
