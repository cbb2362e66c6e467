import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection.js';
import { TEST_DATABASE_URL, freshPostgresUrl, storageBackends, testConfig } from '../../../test/app.js';
import { createLinksRepo, type LinksRepo } from './links.repo.js';
import { createTagsRepo, type TagsRepo } from './tags.repo.js';

describe.each(storageBackends)('link tags in storage on $name', ({ postgres }) => {
  let database: Database;
  let links: LinksRepo;
  let tags: TagsRepo;
  const sessionId = 'session-link-tags';

  beforeAll(async () => {
    const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
    database = await openDatabase(testConfig({ databaseUrl }));
    await database.db
      .insertInto('sessions')
      .values({ session_id: sessionId, user_id: 'user-link-tags', referrer: null, created_at: 0 })
      .execute();
    links = createLinksRepo(database.db);
    tags = createTagsRepo(database.db);
  });
  afterAll(() => database.close());

  const storedTags = (urlId: string) =>
    database.db
      .selectFrom('short_link_tags')
      .select(['url_id', 'session_id', 'tag'])
      .where('url_id', '=', urlId)
      .orderBy('tag')
      .execute();

  function addLink(id: string, linkTags: string[], note: string | null = null) {
    return links.insertIfFree({
      id,
      ownerSessionId: sessionId,
      url: 'https://example.com',
      createdAt: 1,
      tags: linkTags,
      note,
    });
  }

  it('stores one row per tag with the session, and the note on the link', async () => {
    expect(await addLink('tagged-1', ['b-tag', 'a-tag'], 'A note')).toBe(true);
    expect(await storedTags('tagged-1')).toEqual([
      { url_id: 'tagged-1', session_id: sessionId, tag: 'a-tag' },
      { url_id: 'tagged-1', session_id: sessionId, tag: 'b-tag' },
    ]);
    const found = await links.findOwned(sessionId, 'tagged-1');
    expect(found).toMatchObject({ tags: ['a-tag', 'b-tag'], note: 'A note' });
    expect((await links.search('tagged-1', 10))[0]?.tags).toEqual(['a-tag', 'b-tag']);
  });

  it('a taken id stores no tags of the refused link', async () => {
    await addLink('tagged-2', ['first']);
    expect(await addLink('tagged-2', ['second'])).toBe(false);
    expect((await storedTags('tagged-2')).map((row) => row.tag)).toEqual(['first']);
  });

  it('orders tags the same on every store, punctuation included', async () => {
    await addLink('tagged-3', ['ab', 'a-c', 'a c', 'aa']);
    expect((await links.find('tagged-3'))?.tags).toEqual(['a c', 'a-c', 'aa', 'ab']);
  });

  it('replaces tags on update, moves them on rename and removes them on delete', async () => {
    await addLink('tagged-4', ['old']);
    const updated = await links.update(sessionId, 'tagged-4', {
      url: 'https://example.com/x',
      tags: ['new', 'newer'],
      newId: 'tagged-4b',
      note: 'Renamed',
    });
    expect(updated).toMatchObject({ id: 'tagged-4b', tags: ['new', 'newer'], note: 'Renamed' });
    expect(await storedTags('tagged-4')).toEqual([]);
    expect((await storedTags('tagged-4b')).map((row) => row.tag)).toEqual(['new', 'newer']);
    const kept = await links.update(sessionId, 'tagged-4b', { url: 'https://example.com/y' });
    expect(kept).toMatchObject({ tags: ['new', 'newer'], note: 'Renamed' });
    expect(await links.delete(sessionId, 'tagged-4b')).toBe(true);
    expect(await storedTags('tagged-4b')).toEqual([]);
  });

  it('filters the session’s links by tag and counts links per tag', async () => {
    await addLink('tagged-5', ['shared', 'solo']);
    await addLink('tagged-6', ['shared']);
    expect((await links.listOwned(sessionId, 'shared')).map((link) => link.id).sort()).toEqual([
      'tagged-5',
      'tagged-6',
    ]);
    expect(await links.listOwned(sessionId, 'nothing')).toEqual([]);
    const counts = await tags.counts(sessionId);
    expect(counts.find((count) => count.tag === 'shared')).toEqual({ tag: 'shared', links: 2 });
    expect(counts.find((count) => count.tag === 'solo')).toEqual({ tag: 'solo', links: 1 });
    expect(await tags.totals(sessionId, 'shared', null)).toEqual({ links: 2, clicks: 0, uniqueVisitors: 0 });
  });
});
