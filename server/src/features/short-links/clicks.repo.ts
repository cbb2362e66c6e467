import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DatabaseSchema, ShortLinkClicksTable } from '../../db/schema.js';

export interface NewClick {
  urlId: string;
  createdAt: number;
  ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  isp: string | null;
  userAgent: string | null;
  referer: string | null;
  isBot: boolean;
  botReason: string | null;
}

export interface StoredClick extends NewClick {
  id: number;
}

export interface ClicksRepo {
  /**
   * Stores the clicks and adds the people among them to their links' counters, in one
   * transaction. Returns, per click, its link's people count right after that click, or null
   * when the link was deleted before the click was written (the click is then dropped).
   */
  insertMany(clicks: NewClick[]): Promise<(number | null)[]>;
  /** Newest first. */
  listRecent(urlId: string, limit: number): Promise<StoredClick[]>;
  /** Oldest first, ids above `afterId`: a page of the CSV export. */
  listPage(urlId: string, afterId: number, limit: number): Promise<StoredClick[]>;
  /** Up to `limit` clicks older than `before` whose IP is still whole. */
  listIpsToAnonymize(before: number, limit: number): Promise<{ id: number; ip: string | null }[]>;
  /** Sets each group's ip (its network part) and marks the clicks anonymized, in one transaction. */
  anonymizeIps(groups: Map<string | null, number[]>): Promise<void>;
}

function toStoredClick(row: Selectable<ShortLinkClicksTable>): StoredClick {
  return {
    id: row.id,
    urlId: row.url_id,
    createdAt: row.created_at,
    ip: row.ip,
    city: row.city,
    region: row.region,
    country: row.country,
    isp: row.isp,
    userAgent: row.user_agent,
    referer: row.referer,
    isBot: row.is_bot === 1,
    botReason: row.bot_reason,
  };
}

function toRow(click: NewClick) {
  return {
    url_id: click.urlId,
    created_at: click.createdAt,
    ip: click.ip,
    ip_anonymized: 0,
    city: click.city,
    region: click.region,
    country: click.country,
    isp: click.isp,
    user_agent: click.userAgent,
    referer: click.referer,
    is_bot: click.isBot ? 1 : 0,
    bot_reason: click.botReason,
  };
}

/**
 * Adds `people` to the link's counter and returns the new value; null when the link was deleted
 * after the click was accepted, in which case the click rows just written are removed again.
 */
async function addToCounter(trx: Transaction<DatabaseSchema>, urlId: string, people: number) {
  const row =
    people === 0
      ? await trx.selectFrom('short_links').select('clicks').where('id', '=', urlId).executeTakeFirst()
      : await trx
          .updateTable('short_links')
          .set((eb) => ({ clicks: eb('clicks', '+', people) }))
          .where('id', '=', urlId)
          .returning('clicks')
          .executeTakeFirst();
  if (row) return row.clicks;
  await trx.deleteFrom('short_link_clicks').where('url_id', '=', urlId).execute();
  return null;
}

export function createClicksRepo(db: Kysely<DatabaseSchema>): ClicksRepo {
  return {
    insertMany(clicks) {
      const peopleByUrl = new Map<string, number>();
      for (const click of clicks) {
        peopleByUrl.set(click.urlId, (peopleByUrl.get(click.urlId) ?? 0) + (click.isBot ? 0 : 1));
      }
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('short_link_clicks').values(clicks.map(toRow)).execute();
        // Each link's counter before this batch (null: link gone). Links are updated in id order
        // so that concurrent batches on PostgreSQL lock rows in the same order and cannot deadlock.
        const running = new Map<string, number | null>();
        for (const [urlId, people] of [...peopleByUrl].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const total = await addToCounter(trx, urlId, people);
          running.set(urlId, total === null ? null : total - people);
        }
        return clicks.map((click) => {
          const before = running.get(click.urlId) ?? null;
          if (before === null) return null;
          const count = before + (click.isBot ? 0 : 1);
          running.set(click.urlId, count);
          return count;
        });
      });
    },
    async listRecent(urlId, limit) {
      // The ids come from the (url_id, id) index alone, then their rows. Asked in one step,
      // PostgreSQL may walk the primary key from the newest click and filter by link, which for a
      // link whose many clicks are all old reads every newer click of every link first, on each
      // analytics view (README, "Running at scale").
      const ids = db
        .selectFrom('short_link_clicks')
        .select('id')
        .where('url_id', '=', urlId)
        .orderBy('id', 'desc')
        .limit(limit);
      const rows = await db
        .selectFrom('short_link_clicks')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toStoredClick);
    },
    async listPage(urlId, afterId, limit) {
      // Left as one step on purpose: the primary-key walk described above can skip other links'
      // clicks once, on the first page, and each later page resumes at the link's last exported
      // click; picking 5,000 ids first would instead cost 5,000 lookups on every page.
      const rows = await db
        .selectFrom('short_link_clicks')
        .selectAll()
        .where('url_id', '=', urlId)
        .where('id', '>', afterId)
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
      return rows.map(toStoredClick);
    },
    listIpsToAnonymize(before, limit) {
      return (
        db
          .selectFrom('short_link_clicks')
          .select(['id', 'ip'])
          // A literal, not a bound parameter, so SQLite can match the partial index on pending clicks.
          .where(sql<boolean>`ip_anonymized = 0`)
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(limit)
          .execute()
      );
    },
    async anonymizeIps(groups) {
      await db.transaction().execute(async (trx) => {
        for (const [ip, ids] of groups) {
          await trx
            .updateTable('short_link_clicks')
            .set({ ip, ip_anonymized: 1 })
            .where('id', 'in', ids)
            .execute();
        }
      });
    },
  };
}
