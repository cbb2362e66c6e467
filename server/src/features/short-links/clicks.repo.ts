import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema, ShortLinkClicksTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-lock.js';

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
  /** The targeting rule that sent the visitor; null or absent for the link's own destination. */
  ruleId?: string | null;
  /** A person's click already added to its link's counter (by `claimClick`, for a link with a limit). */
  isPreCounted?: boolean;
  /** A person's visitor hash of that day (visitor-salts.ts); without one the click counts no visitor. */
  visitorHash?: string | null;
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
    ruleId: row.rule_id,
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

/** One rollup counter (see migration 006) and how many clicks of the batch it gains. */
interface RollupKey {
  urlId: string;
  dimension: string;
  day: string;
  value: string;
  clicks: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last day formatted: a batch's clicks nearly always share it, and formatting a date is slow. */
let lastDay = { number: NaN, text: '' };

/** The UTC day of an epoch-millisecond time, as migration 006 computed it for older clicks. */
function utcDay(epochMs: number): string {
  const number = Math.floor(epochMs / DAY_MS);
  if (number !== lastDay.number) lastDay = { number, text: new Date(epochMs).toISOString().slice(0, 10) };
  return lastDay.text;
}

function compareKeys(a: RollupKey, b: RollupKey): number {
  for (const field of ['urlId', 'dimension', 'day', 'value'] as const) {
    if (a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
  }
  return 0;
}

/**
 * The batch's clicks summed per counter, each counter once (PostgreSQL refuses an upsert that
 * touches one row twice), in one fixed order so that concurrent batches on PostgreSQL lock
 * counter rows in the same order and cannot deadlock.
 */
function rollupsOf(clicks: NewClick[]): RollupKey[] {
  const keys = new Map<string, RollupKey>();
  const count = (urlId: string, dimension: string, day: string, value: string | null) => {
    // A missing value is stored as '' (see migration 006); \u0000 cannot occur in the parts.
    const stored = value ?? '';
    const id = `${urlId}\u0000${dimension}\u0000${day}\u0000${stored}`;
    const key = keys.get(id);
    if (key) key.clicks += 1;
    else keys.set(id, { urlId, dimension, day, value: stored, clicks: 1 });
  };
  for (const click of clicks) {
    const day = utcDay(click.createdAt);
    if (click.isBot) {
      count(click.urlId, 'bot', day, null);
      continue;
    }
    count(click.urlId, 'country', day, click.country);
    count(click.urlId, 'referer', day, click.referer);
    count(click.urlId, 'user_agent', day, click.userAgent);
    // Only clicks a targeting rule sent: the rest are the people no rule counted.
    if (click.ruleId) count(click.urlId, 'rule', day, click.ruleId);
    // One row per visitor and day: their number is the day's unique visitors (migration 021).
    if (click.visitorHash) count(click.urlId, 'visitor', day, click.visitorHash);
  }
  return [...keys.values()].sort(compareKeys);
}

/** Counters per upsert statement: 5 parameters each stays far below SQLite's parameter limit. */
const ROLLUP_CHUNK = 1000;

const ROLLUP_INSERT = 'insert into short_link_click_counts (url_id, dimension, day, value, clicks) values';
const ROLLUP_UPDATE = 'do update set clicks = short_link_click_counts.clicks + excluded.clicks';
/** SQLite's conflict target: migration 006's unique index there. */
const SQLITE_ROLLUP_KEY = '(url_id, dimension, day, value)';

async function addToRollups(trx: Transaction<DatabaseSchema>, postgres: boolean, keys: RollupKey[]) {
  // The conflict target names migration 006's unique index, which on PostgreSQL keys the value by
  // its md5 (long user agents do not fit a btree entry).
  const target = postgres ? sql`(url_id, dimension, day, md5(value))` : sql.raw(SQLITE_ROLLUP_KEY);
  for (let start = 0; start < keys.length; start += ROLLUP_CHUNK) {
    const rows = keys
      .slice(start, start + ROLLUP_CHUNK)
      .map((key) => sql`(${key.urlId}, ${key.dimension}, ${key.day}, ${key.value}, ${key.clicks})`);
    await sql`${sql.raw(ROLLUP_INSERT)} ${sql.join(rows)} on conflict ${target} ${sql.raw(ROLLUP_UPDATE)}`.execute(
      trx,
    );
  }
}

/** Whether a click still has to be added to its link's counter. */
function addsToCounter(click: NewClick): boolean {
  return !click.isBot && !click.isPreCounted;
}

/** People not yet counted per link of the batch, in link id order (see `insertMany`). */
function peopleByLink(clicks: NewClick[]): [string, number][] {
  const people = new Map<string, number>();
  for (const click of clicks) {
    people.set(click.urlId, (people.get(click.urlId) ?? 0) + (addsToCounter(click) ? 1 : 0));
  }
  return [...people].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Per click, its link's people count right after it, from each link's counter before the batch
 * (null: link gone). Updates `running` as it goes.
 */
function runningCounts(clicks: NewClick[], running: Map<string, number | null>): (number | null)[] {
  return clicks.map((click) => {
    const before = running.get(click.urlId) ?? null;
    if (before === null) return null;
    const count = before + (addsToCounter(click) ? 1 : 0);
    running.set(click.urlId, count);
    return count;
  });
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
];

/**
 * SQLite only: the same batch as the Kysely path in `insertMany`, step for step, with statements
 * prepared once and run inside one synchronous transaction. Kysely compiles and prepares each
 * statement afresh for every batch (the click insert's and upsert's SQL change with the row
 * count), which cost the redirect more than the writes themselves. Returns null when it cannot
 * be used.
 */
function sqliteInsertMany(sqlite: SQLite.Database): (clicks: NewClick[]) => (number | null)[] | null {
  // Bound by position: binding by name costs a lookup per parameter per row.
  const insertClick = sqlite.prepare<ClickParameters>(
    `insert into short_link_clicks (url_id, created_at, ip, ip_anonymized, city, region, country,
       isp, user_agent, referer, is_bot, bot_reason, rule_id, visitor_hash)
     values (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // See addToCounter.
  const addToCounter = sqlite.prepare<[number, string], { clicks: number }>(
    'update short_links set clicks = clicks + ? where id = ? returning clicks',
  );
  const dropClicks = sqlite.prepare<[string]>('delete from short_link_clicks where url_id = ?');
  const addToRollup = sqlite.prepare<[string, string, string, string, number]>(
    `${ROLLUP_INSERT} (?, ?, ?, ?, ?) on conflict ${SQLITE_ROLLUP_KEY} ${ROLLUP_UPDATE}`,
  );
  // Committed before it returns, so every click is durable before its redirect is answered.
  const insertAll = writeTransaction(sqlite, (clicks: NewClick[]) => {
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
  return (clicks) =>
    // Inside a Kysely transaction still open on this connection (awaiting between statements),
    // this would become a savepoint of it and share its fate; Kysely's path waits for it instead.
    sqlite.inTransaction ? null : insertAll(clicks);
}

export function createClicksRepo(db: Kysely<DatabaseSchema>): ClicksRepo {
  const sqlite = sqliteHandleOf(db);
  // Only the rollup upsert's conflict target differs between the two stores on the Kysely path.
  const postgres = sqlite === undefined;
  const insertSqlite = sqlite ? sqliteInsertMany(sqlite) : null;
  return {
    async insertMany(clicks) {
      const counts = insertSqlite?.(clicks);
      if (counts) return counts;
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
        await addToRollups(trx, postgres, rollupsOf(kept));
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
