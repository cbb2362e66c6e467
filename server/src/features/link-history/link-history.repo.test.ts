import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createLinksRepo, type LinksRepo } from '../short-links/links.repo.js';
import { createLinkHistoryRepo, type LinkHistoryRepo } from './link-history.repo.js';
import { recordLinkHistory } from './link-history.service.js';

const AT = Date.UTC(2026, 10, 27, 9, 0, 0);

describe.each(storageBackends)('link history in storage on $name', ({ postgres }) => {
  let database: Database;
  let links: LinksRepo;
  let history: LinkHistoryRepo;
  const sessionId = 'session-history-repo';

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase(testConfig({ databaseUrl }));
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-history-repo', referrer: null, created_at: 0 })
      .execute();
    history = createLinkHistoryRepo(database.db);
    links = createLinksRepo(database.db, recordLinkHistory({ repo: history, now: () => AT }));
  });
  afterAll(() => database.close());

  function addLink(id: string) {
    return links.insertIfFree({ id, ownerSessionId: sessionId, url: 'https://example.com', createdAt: 1 });
  }

  it('stores an entry with each write and reads them back newest first', async () => {
    await addLink('stored-history');
    await links.update(sessionId, 'stored-history', { url: 'https://example.com/b', maxClicks: 2 });
    await links.setDisabledAt('stored-history', AT);
    const at = new Date(AT).toISOString();
    expect(await history.list(sessionId, 'stored-history', 10)).toEqual([
      { at, by: 'admin', kind: 'disabled', changes: { disabledAt: { from: null, to: at } } },
      {
        at,
        by: 'owner',
        kind: 'updated',
        changes: {
          url: { from: 'https://example.com', to: 'https://example.com/b' },
          maxClicks: { from: null, to: 2 },
        },
      },
      {
        at,
        by: 'owner',
        kind: 'created',
        changes: { url: { from: null, to: 'https://example.com' }, forwardQuery: { from: null, to: true } },
      },
    ]);
    const rows = await database.db
      .withTables<{ short_link_changes: { link_id: string; session_id: string } }>()
      .selectFrom('short_link_changes')
      .select(['link_id', 'session_id'])
      .where('link_id', '=', 'stored-history')
      .execute();
    expect(rows).toEqual(
      Array.from({ length: 3 }, () => ({ link_id: 'stored-history', session_id: sessionId })),
    );
  });

  it('chains racing edits: each one starts from where the other left the link', async () => {
    await addLink('racing-history');
    const urls = Array.from({ length: 6 }, (_, n) => `https://example.com/race-${n}`);
    await Promise.all(urls.map((url) => links.update(sessionId, 'racing-history', { url })));
    const edits = (await history.list(sessionId, 'racing-history', 10)).slice(0, -1);
    expect(edits).toHaveLength(urls.length);
    for (let n = 0; n < edits.length - 1; n++) {
      expect(edits[n]?.changes.url?.from).toBe(edits[n + 1]?.changes.url?.to);
    }
    expect(edits.at(-1)?.changes.url?.from).toBe('https://example.com');
    expect((await links.find('racing-history'))?.url).toBe(edits[0]?.changes.url?.to);
  });

  it('answers no entries of a link to another session', async () => {
    await addLink('private-history');
    expect(await history.list('someone-else', 'private-history', 10)).toEqual([]);
  });

  it('records nothing when a write fails, and nothing for an edit that changes nothing', async () => {
    await addLink('history-taken-a');
    await addLink('history-taken-b');
    const taken = await links.update(sessionId, 'history-taken-a', {
      url: 'https://example.com/new',
      newId: 'history-taken-b',
      isAlias: true,
    });
    expect(taken).toBe('taken');
    await links.update(sessionId, 'history-taken-a', { url: 'https://example.com' });
    expect(await history.list(sessionId, 'history-taken-a', 10)).toHaveLength(1);
    expect(await history.list(sessionId, 'history-taken-b', 10)).toHaveLength(1);
  });

  it('keeps only the newest entries beyond the bound', async () => {
    await addLink('bounded-history');
    for (let n = 1; n <= 5; n++) {
      await history.append(
        database.db,
        {
          linkId: 'bounded-history',
          sessionId,
          at: AT + n,
          by: 'owner',
          kind: 'updated',
          changes: { maxClicks: { from: n - 1, to: n } },
        },
        3,
      );
    }
    const kept = await history.list(sessionId, 'bounded-history', 10);
    expect(kept.map((entry) => entry.changes.maxClicks?.to)).toEqual([5, 4, 3]);
  });

  it('deletes the entries with their link', async () => {
    await addLink('deleted-history');
    expect(await links.delete(sessionId, 'deleted-history')).toBe(true);
    expect(await history.list(sessionId, 'deleted-history', 10)).toEqual([]);
    const left = await database.db
      .withTables<{ short_link_changes: { link_id: string } }>()
      .selectFrom('short_link_changes')
      .select('link_id')
      .where('link_id', '=', 'deleted-history')
      .execute();
    expect(left).toEqual([]);
  });
});
