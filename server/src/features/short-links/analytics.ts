/**
 * Turns stored clicks and SQL aggregates into the analytics object. User agents are parsed here,
 * when someone reads analytics, never on the redirect path: the database groups clicks by their
 * exact user agent, and only those few distinct strings are parsed and merged into browser and
 * OS buckets.
 */
import { UAParser } from 'ua-parser-js';
import type { ClickRecord, NamedCount } from '../../../../shared/links.js';
import type { ValueCount } from './analytics.repo.js';
import type { StoredClick } from './clicks.repo.js';

export const TOP_LIMIT = 10;
/** Distinct user agents parsed per read; clicks beyond them land in "Other". */
export const AGENT_GROUPS_LIMIT = 200;

const UNKNOWN = 'Unknown';
const OTHER = 'Other';
const PARSE_CACHE_LIMIT = 10_000;

interface Agent {
  browser: string;
  os: string;
}

// The same handful of user agents comes back on every read of a popular link.
const parsed = new Map<string, Agent>();

function parseAgent(userAgent: string): Agent {
  const known = parsed.get(userAgent);
  if (known) return known;
  const result = new UAParser(userAgent).getResult();
  const agent = { browser: result.browser.name ?? OTHER, os: result.os.name ?? OTHER };
  if (parsed.size >= PARSE_CACHE_LIMIT) parsed.clear();
  parsed.set(userAgent, agent);
  return agent;
}

/** Most clicks first, then by name; at most TOP_LIMIT. */
function top(counts: Map<string, number>): NamedCount[] {
  return [...counts]
    .filter(([, clicks]) => clicks > 0)
    .map(([name, clicks]) => ({ name, clicks }))
    .sort((a, b) => b.clicks - a.clicks || a.name.localeCompare(b.name))
    .slice(0, TOP_LIMIT);
}

function add(counts: Map<string, number>, name: string, clicks: number): void {
  counts.set(name, (counts.get(name) ?? 0) + clicks);
}

/**
 * Browser and OS buckets from the most frequent user agents; `people` is the total of people's
 * clicks, so those not covered by the parsed groups still show, as "Other".
 */
export function agentBuckets(
  groups: ValueCount[],
  people: number,
): { byBrowser: NamedCount[]; byOs: NamedCount[] } {
  const browsers = new Map<string, number>();
  const systems = new Map<string, number>();
  let covered = 0;
  for (const { value, clicks } of groups) {
    const agent = value ? parseAgent(value) : { browser: UNKNOWN, os: UNKNOWN };
    add(browsers, agent.browser, clicks);
    add(systems, agent.os, clicks);
    covered += clicks;
  }
  add(browsers, OTHER, people - covered);
  add(systems, OTHER, people - covered);
  return { byBrowser: top(browsers), byOs: top(systems) };
}

/** Named counts from grouped column values; a missing value is shown as `missing`. */
export function namedCounts(groups: ValueCount[], missing: string): NamedCount[] {
  const counts = new Map<string, number>();
  for (const { value, clicks } of groups) add(counts, value || missing, clicks);
  return top(counts);
}

export function toClickRecord(click: StoredClick): ClickRecord {
  return {
    id: click.id,
    timestamp: new Date(click.createdAt).toISOString(),
    ip: click.ip,
    city: click.city,
    region: click.region,
    country: click.country,
    userAgent: click.userAgent,
    referer: click.referer,
    isp: click.isp,
    isBot: click.isBot,
    botReason: click.botReason,
  };
}
