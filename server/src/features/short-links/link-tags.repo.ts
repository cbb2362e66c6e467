/**
 * The tags of short links (table short_link_tags, migration 020): read beside the links they
 * belong to, written with them. Each row repeats the owner's session, so a session's tags and
 * the links carrying one are read from the (session_id, tag, url_id) index alone.
 */
import type { Kysely } from 'kysely';
import { byCodeUnits, type TagCount } from '../../../../shared/link-tags.js';
import type { DatabaseSchema } from '../../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** Links per query when reading tags by link id: far below every store's parameter limit. */
const IDS_PER_QUERY = 500;

function grouped(rows: { url_id: string; tag: string }[]): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const row of [...rows].sort((a, b) => byCodeUnits(a.tag, b.tag))) {
    const list = tags.get(row.url_id);
    if (list) list.push(row.tag);
    else tags.set(row.url_id, [row.tag]);
  }
  return tags;
}

/** Every tagged link of the session with its tags, alphabetically. */
export async function tagsOfSession(db: Db, sessionId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('short_link_tags')
    .select(['url_id', 'tag'])
    .where('session_id', '=', sessionId)
    .execute();
  return grouped(rows);
}

/** The tags of the given links, alphabetically; links without tags are absent. */
export async function tagsOfLinks(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const rows: { url_id: string; tag: string }[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const part = ids.slice(start, start + IDS_PER_QUERY);
    rows.push(
      ...(await db
        .selectFrom('short_link_tags')
        .select(['url_id', 'tag'])
        .where('url_id', 'in', part)
        .execute()),
    );
  }
  return grouped(rows);
}

/** Each link with its tags from `tags` (none when absent). */
export function withTags<T extends { id: string }>(
  links: T[],
  tags: Map<string, string[]>,
): (T & { tags: string[] })[] {
  return links.map((link) => ({ ...link, tags: tags.get(link.id) ?? [] }));
}

/** Sets the link's tags to `tags` (already normalized and unique). */
export async function replaceTags(db: Db, sessionId: string, urlId: string, tags: readonly string[]) {
  await db.deleteFrom('short_link_tags').where('url_id', '=', urlId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('short_link_tags')
    .values(tags.map((tag) => ({ url_id: urlId, session_id: sessionId, tag })))
    .execute();
}

/** The ids of the session's links that carry `tag`, as a subquery. */
export function linksTagged(db: Db, sessionId: string, tag: string) {
  return db
    .selectFrom('short_link_tags')
    .select('url_id')
    .where('session_id', '=', sessionId)
    .where('tag', '=', tag);
}

/** The session's tags with how many links carry each, alphabetically. */
export async function tagCounts(db: Db, sessionId: string): Promise<TagCount[]> {
  const rows = await db
    .selectFrom('short_link_tags')
    .select((eb) => ['tag', eb.fn.countAll<number | string>().as('links')])
    .where('session_id', '=', sessionId)
    .groupBy('tag')
    .execute();
  return rows
    .map((row) => ({ tag: row.tag, links: Number(row.links) }))
    .sort((a, b) => byCodeUnits(a.tag, b.tag));
}
