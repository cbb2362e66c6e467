/**
 * SQL for a session's tags as a whole: the tag list and the analytics across the links carrying
 * a tag. Clicks per day come from the same per-day counters as one link's analytics (migration
 * 006), added up over the tag's links; unique visitors are counted over the clicks themselves,
 * since distinct IPs of several links cannot be added up.
 */
import { sql, type Kysely } from 'kysely';
import type { TagCount } from '../../../../shared/link-tags.js';
import type { DayCount } from '../../../../shared/links.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { PEOPLE_DIMENSION, dayOf } from './analytics.repo.js';
import { linksTagged, tagCounts } from './link-tags.repo.js';

export interface TagTotals {
  links: number;
  /** The sum of the links' click counts (people, all time). */
  clicks: number;
  /** Distinct IPs among people's clicks since `since`. */
  uniqueVisitors: number;
}

/** `since`: epoch ms of the start of a UTC day, or null for all time. */
export interface TagsRepo {
  /** The session's tags with how many links carry each, alphabetically. */
  counts(sessionId: string): Promise<TagCount[]>;
  totals(sessionId: string, tag: string, since: number | null): Promise<TagTotals>;
  /** People's clicks per UTC day across the tag's links, oldest first. */
  byDay(sessionId: string, tag: string, since: number | null): Promise<DayCount[]>;
}

export function createTagsRepo(db: Kysely<DatabaseSchema>): TagsRepo {
  // PostgreSQL answers sum() of bigint as numeric, which node-postgres hands over as text.
  const sumOfClicks = sql<number | string | null>`sum(clicks)`;

  return {
    counts: (sessionId) => tagCounts(db, sessionId),
    async totals(sessionId, tag, since) {
      const [links, visitors] = await Promise.all([
        db
          .selectFrom('short_links')
          .select((eb) => [eb.fn.countAll<number | string>().as('links'), sumOfClicks.as('clicks')])
          .where('id', 'in', linksTagged(db, sessionId, tag))
          .executeTakeFirstOrThrow(),
        // As for one link (analytics.repo.ts): DISTINCT in a subquery, count(ip) leaves out
        // clicks without an IP.
        db
          .selectFrom((eb) =>
            eb
              .selectFrom('short_link_clicks')
              .select('ip')
              .distinct()
              .where('url_id', 'in', linksTagged(db, sessionId, tag))
              .where('is_bot', '=', 0)
              .where('created_at', '>=', since ?? 0)
              .as('ips'),
          )
          .select((eb) => eb.fn.count<number | string>('ips.ip').as('visitors'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        links: Number(links.links),
        clicks: Number(links.clicks ?? 0),
        uniqueVisitors: Number(visitors.visitors),
      };
    },
    async byDay(sessionId, tag, since) {
      const rows = await db
        .selectFrom('short_link_click_counts')
        .select(['day', sumOfClicks.as('clicks')])
        .where('url_id', 'in', linksTagged(db, sessionId, tag))
        .where('dimension', '=', PEOPLE_DIMENSION)
        .where('day', '>=', dayOf(since))
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, clicks: Number(row.clicks) }));
    },
  };
}
