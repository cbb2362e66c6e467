import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetingRule } from '../../../../shared/link-targeting.js';
import { openDatabase, type Database } from '../../db/connection.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createAnalyticsRepo } from '../short-links/analytics.repo.js';
import { createClicksRepo } from '../short-links/clicks.repo.js';
import { type NewClick } from '../short-links/new-click.js';
import { createLinksRepo, type LinksRepo } from '../short-links/links.repo.js';

const RULES: TargetingRule[] = [
  {
    id: 'r1',
    destination: 'https://example.com/ios',
    conditions: [
      { type: 'device', value: 'ios' },
      { type: 'country', value: 'DE' },
    ],
  },
  { id: 'r2', destination: 'https://example.com/de', conditions: [{ type: 'language', value: 'de' }] },
];

function click(urlId: string, ruleId: string | null, isBot = false): NewClick {
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
    isBot,
    botReason: isBot ? 'isbot: bot' : null,
    ruleId,
  };
}

describe.each(storageBackends)('link targeting in storage on $name', ({ postgres }) => {
  let database: Database;
  let links: LinksRepo;
  const sessionId = 'session-targeting-repo';

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase(testConfig({ databaseUrl }));
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-targeting-repo', referrer: null, created_at: 0 })
      .execute();
    links = createLinksRepo(database.db);
  });
  afterAll(() => database.close());

  const base = { ownerSessionId: sessionId, url: 'https://example.com', createdAt: 1 };

  it('forwards the query and has no rules unless told otherwise', async () => {
    await links.insertIfFree({ ...base, id: 'plain01' });
    expect(await links.find('plain01')).toMatchObject({ forwardQuery: true, rules: [] });
    expect(await links.findTarget('plain01')).toMatchObject({ forwardQuery: true, rules: [] });
  });

  it('stores the switch and the rules in order, and reads them back for the redirect', async () => {
    await links.insertIfFree({ ...base, id: 'ruled01', forwardQuery: false, rules: RULES });
    expect(await links.find('ruled01')).toMatchObject({ forwardQuery: false, rules: RULES });
    expect(await links.findTarget('ruled01')).toMatchObject({ forwardQuery: false, rules: RULES });

    const reversed = [...RULES].reverse();
    await links.update(sessionId, 'ruled01', { url: base.url, forwardQuery: true, rules: reversed });
    expect(await links.find('ruled01')).toMatchObject({ forwardQuery: true, rules: reversed });
    await links.update(sessionId, 'ruled01', { url: base.url, rules: [] });
    const row = await database.db
      .selectFrom('short_links')
      .select(['forward_query', 'targeting_rules'])
      .where('id', '=', 'ruled01')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ forward_query: 1, targeting_rules: null });
  });

  it('stores the rule of each click and counts the people each rule sent', async () => {
    await links.insertIfFree({ ...base, id: 'clicks1', rules: RULES });
    const clicks = createClicksRepo(database.db);
    await clicks.insertMany([click('clicks1', 'r1'), click('clicks1', 'r1'), click('clicks1', null)]);
    await clicks.insertMany([click('clicks1', 'r2'), click('clicks1', 'r2', true)]);
    const stored = await clicks.listPage('clicks1', 0, 10);
    expect(stored.map((one) => one.ruleId)).toEqual(['r1', 'r1', null, 'r2', 'r2']);
    const counts = await createAnalyticsRepo(database.db, database.dialect).topValues(
      'clicks1',
      'rule',
      10,
      null,
    );
    expect(counts).toEqual([
      { value: 'r1', clicks: 2 },
      { value: 'r2', clicks: 1 },
    ]);
  });
});
