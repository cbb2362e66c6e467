import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createLinksRepo, isExternalIdViolation, type LinksRepo } from '../short-links/links.repo.js';

describe.each(storageBackends)('externalIds in storage on $name', ({ postgres }) => {
  let database: Database;
  let links: LinksRepo;

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase(testConfig({ databaseUrl }));
    for (const sessionId of ['session-1', 'session-2']) {
      await database.db
        .insertInto('sessions')
        .values({ session_id: sessionId, user_id: `user-${sessionId}`, referrer: null, created_at: 0 })
        .execute();
    }
    links = createLinksRepo(database.db);
  });
  afterAll(() => database.close());

  function addLink(id: string, ownerSessionId: string, externalId: string | null) {
    return links.insertIfFree({ id, ownerSessionId, url: 'https://example.com', createdAt: 1, externalId });
  }

  it('refuses a second link of the session with the same externalId, in the database itself', async () => {
    expect(await addLink('ext-a1', 'session-1', 'order-1')).toBe(true);
    const error: unknown = await addLink('ext-a2', 'session-1', 'order-1').catch((caught: unknown) => caught);
    expect(isExternalIdViolation(error)).toBe(true);
    expect(await links.find('ext-a2')).toBeNull();
  });

  it('lets another session use the same externalId, and any number of links go without one', async () => {
    expect(await addLink('ext-b1', 'session-1', 'order-2')).toBe(true);
    expect(await addLink('ext-b2', 'session-2', 'order-2')).toBe(true);
    expect(await addLink('ext-b3', 'session-1', null)).toBe(true);
    expect(await addLink('ext-b4', 'session-1', null)).toBe(true);
    expect((await links.findByExternalId('session-2', 'order-2'))?.id).toBe('ext-b2');
    expect((await links.findByExternalId('session-1', 'order-2'))?.id).toBe('ext-b1');
    expect(await links.findByExternalId('session-2', 'order-9')).toBeNull();
  });

  it('refuses an edit that would give two links of the session one externalId', async () => {
    await addLink('ext-c1', 'session-1', 'invoice-1');
    await addLink('ext-c2', 'session-1', 'invoice-2');
    const error: unknown = await links
      .update('session-1', 'ext-c2', { url: 'https://example.com', externalId: 'invoice-1' })
      .catch((caught: unknown) => caught);
    expect(isExternalIdViolation(error)).toBe(true);
    expect((await links.find('ext-c2'))?.externalId).toBe('invoice-2');
  });

  it('tells a taken alias from a taken externalId when an edit changes both', async () => {
    await addLink('ext-d1', 'session-1', 'sku-1');
    await addLink('ext-d2', 'session-1', 'sku-2');
    expect(await links.update('session-1', 'ext-d2', { url: 'https://example.com', newId: 'ext-d1' })).toBe(
      'taken',
    );
    const error: unknown = await links
      .update('session-1', 'ext-d2', { url: 'https://example.com', newId: 'ext-d3', externalId: 'sku-1' })
      .catch((caught: unknown) => caught);
    expect(isExternalIdViolation(error)).toBe(true);
  });
});
