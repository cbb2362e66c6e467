import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema, ShortLinkClicksTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-lock.js';
import {
  addToRollups,
  peopleByLink,
  rollupsOf,
  runningCounts,
  ROLLUP_INSERT,
  ROLLUP_UPDATE,
  SQLITE_ROLLUP_KEY,
} from './click-counters.js';
import type { NewClick } from './new-click.js';

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
    ruleId: row.rule_id,
    variantId: row.variant_id,
  };
}

/** The stored row of a click. */
export function toClickRow(click: NewClick) {
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
    rule_id: click.ruleId ?? null,
    visitor_hash: click.visitorHash ?? null,
    variant_id: click.variantId ?? null,
  };
}

/**
 * Adds `people` to the link's counter and returns the new value; null when the link was deleted
 * after the click was accepted, in which case the click rows just written are removed again.
 * The counter is updated even when `people` is 0: the update locks the link's row on PostgreSQL
 * until the batch commits, so a concurrent delete either runs before (and this returns null) or
 * waits and then deletes these clicks and their rollups too. A plain read would let the delete
 * slip in between and leave rollups of a deleted link behind.
 */
async function addToCounter(trx: Transaction<DatabaseSchema>, urlId: string, people: number) {
  const row = await trx
    .updateTable('short_links')
    .set((eb) => ({ clicks: eb('clicks', '+', people) }))
    .where('id', '=', urlId)
    .returning('clicks')
    .executeTakeFirst();
  if (row) return row.clicks;
  await trx.deleteFrom('short_link_clicks').where('url_id', '=', urlId).execute();
  return null;
}

/** The click insert's parameters, in its column order (`toClickRow`'s fields but ip_anonymized). */
type ClickParameters = [
  string,
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  string | null,
  string | null,
  string | null,
  string | null,
];

/**
 * SQLite: the same batch as PostgreSQL's Kysely path in `insertMany`, step for step, with statements
 * prepared once and run inside one synchronous transaction. Kysely compiles and prepares each
 * statement afresh for every batch (the click insert's and upsert's SQL change with the row
 * count), which cost the redirect more than the writes themselves.
 */
function sqliteInsertMany(sqlite: SQLite.Database): (clicks: NewClick[]) => Promise<(number | null)[]> {
  // Bound by position: binding by name costs a lookup per parameter per row.
  const insertClick = sqlite.prepare<ClickParameters>(
    `insert into short_link_clicks (url_id, created_at, ip, ip_anonymized, city, region, country,
       isp, user_agent, referer, is_bot, bot_reason, rule_id, visitor_hash, variant_id)
     values (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // See addToCounter.
  const addToCounter = sqlite.prepare<[number, string], { clicks: number }>(
    'update short_links set clicks = clicks + ? where id = ? returning clicks',
  );
  const dropClicks = sqlite.prepare<[string]>('delete from short_link_clicks where url_id = ?');
  const addToRollup = sqlite.prepare<[string, string, string, string, number]>(
    `${ROLLUP_INSERT} (?, ?, ?, ?, ?) on conflict ${SQLITE_ROLLUP_KEY} ${ROLLUP_UPDATE}`,
  );
  // Committed before it resolves, so every click is durable before its redirect is answered.
  return writeTransaction(sqlite, (clicks: NewClick[]) => {
    for (const click of clicks) {
      insertClick.run(
        click.urlId,
        click.createdAt,
        click.ip,
        click.city,
        click.region,
        click.country,
        click.isp,
        click.userAgent,
        click.referer,
        click.isBot ? 1 : 0,
        click.botReason,
        click.ruleId ?? null,
        click.visitorHash ?? null,
        click.variantId ?? null,
      );
    }
    const running = new Map<string, number | null>();
    for (const [urlId, people] of peopleByLink(clicks)) {
      const row = addToCounter.get(people, urlId);
      if (!row) dropClicks.run(urlId);
      running.set(urlId, row ? row.clicks - people : null);
    }
    const kept = clicks.filter((click) => running.get(click.urlId) != null);
    for (const key of rollupsOf(kept)) {
      addToRollup.run(key.urlId, key.dimension, key.day, key.value, key.clicks);
    }
    return runningCounts(clicks, running);
  });
}

export function createClicksRepo(db: Kysely<DatabaseSchema>): ClicksRepo {
  const sqlite = sqliteHandleOf(db);
  const insertSqlite = sqlite ? sqliteInsertMany(sqlite) : null;
  return {
    async insertMany(clicks) {
      if (insertSqlite) return insertSqlite(clicks);
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('short_link_clicks').values(clicks.map(toClickRow)).execute();
        // Each link's counter before this batch (null: link gone). Links are updated in id order
        // so that concurrent batches on PostgreSQL lock rows in the same order and cannot deadlock.
        const running = new Map<string, number | null>();
        for (const [urlId, people] of peopleByLink(clicks)) {
          const total = await addToCounter(trx, urlId, people);
          running.set(urlId, total === null ? null : total - people);
        }
        // After the counters, so that a batch takes its links' row locks before any rollup row,
        // in the same order as a link's delete (link, then clicks and rollups): no deadlock. The
        // clicks of a link deleted meanwhile were dropped above and are not counted either.
        const kept = clicks.filter((click) => running.get(click.urlId) != null);
        await addToRollups(trx, rollupsOf(kept));
        return runningCounts(clicks, running);
      });
    },
    async listRecent(urlId, limit) {
      // The ids come from the (url_id, id) index alone, then their rows. Asked in one step,
      // PostgreSQL may walk the primary key from the newest click and filter by link, which for a
      // link whose many clicks are all old reads every newer click of every link first, on each
      // analytics view (docs/scaling.md, "Query plans on PostgreSQL").
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
