/**
 * What a batch of clicks adds to counters: each link's people count, and the per-day counters
 * (`short_link_click_counts`, migration 006), one per link, dimension, day and value, summed in
 * memory first and upserted in one fixed order.
 */
import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { NewClick } from './new-click.js';

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
export function rollupsOf(clicks: NewClick[]): RollupKey[] {
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
    if (click.variantId) count(click.urlId, 'variant', day, click.variantId);
    // One row per visitor and day: their number is the day's unique visitors (migration 021).
    if (click.visitorHash) count(click.urlId, 'visitor', day, click.visitorHash);
  }
  return [...keys.values()].sort(compareKeys);
}

/** Counters per upsert statement: 5 parameters each stays far below PostgreSQL's parameter limit. */
const ROLLUP_CHUNK = 1000;

export const ROLLUP_INSERT =
  'insert into short_link_click_counts (url_id, dimension, day, value, clicks) values';
export const ROLLUP_UPDATE = 'do update set clicks = short_link_click_counts.clicks + excluded.clicks';
/** SQLite's conflict target: migration 006's unique index there. */
export const SQLITE_ROLLUP_KEY = '(url_id, dimension, day, value)';

/** PostgreSQL: adds the keys' clicks to their rollup rows (SQLite's prepared upsert is in clicks.repo.ts). */
export async function addToRollups(trx: Transaction<DatabaseSchema>, keys: RollupKey[]) {
  // The conflict target names migration 006's unique index, which keys the value by its md5 (long
  // user agents do not fit a btree entry).
  const target = sql`(url_id, dimension, day, md5(value))`;
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
export function peopleByLink(clicks: NewClick[]): [string, number][] {
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
export function runningCounts(clicks: NewClick[], running: Map<string, number | null>): (number | null)[] {
  return clicks.map((click) => {
    const before = running.get(click.urlId) ?? null;
    if (before === null) return null;
    const count = before + (addsToCounter(click) ? 1 : 0);
    running.set(click.urlId, count);
    return count;
  });
}
