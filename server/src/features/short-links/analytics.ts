/**
 * Turns stored clicks and SQL aggregates into the analytics object. User agents are parsed here,
 * when someone reads analytics, never on the redirect path: the database groups clicks by their
 * exact user agent, and only those few distinct strings are parsed and merged into browser and
 * OS buckets.
 */
import { UAParser } from 'ua-parser-js';
import {
  DEVICE_TYPES,
  type ClickRecord,
  type DeviceType,
  type NamedCount,
} from '../../../../shared/links.js';
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
  device: Exclude<DeviceType, 'bot'>;
}

/** ua-parser names phones 'mobile' and tablets 'tablet'; anything else (no device type) is a desktop. */
function deviceOf(type: string | undefined): Agent['device'] {
  return type === 'mobile' || type === 'tablet' ? type : 'desktop';
}

// The same handful of user agents comes back on every read of a popular link.
const parsed = new Map<string, Agent>();

function parseAgent(userAgent: string): Agent {
  const known = parsed.get(userAgent);
  if (known) return known;
  const result = new UAParser(userAgent).getResult();
  const agent = {
    browser: result.browser.name ?? OTHER,
    os: result.os.name ?? OTHER,
    device: deviceOf(result.device.type),
  };
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

function add<Name>(counts: Map<Name, number>, name: Name, clicks: number): void {
  counts.set(name, (counts.get(name) ?? 0) + clicks);
}

/**
 * Browser, OS and device buckets from the most frequent user agents; `people` is the total of
 * people's clicks, so those not covered by the parsed groups still show, as "Other" (and, for the
 * device, as desktop). `bots` fills the device type "bot". The device list always has its four
 * types, in their fixed order.
 */
export function agentBuckets(
  groups: ValueCount[],
  people: number,
  bots: number,
): { byBrowser: NamedCount[]; byOs: NamedCount[]; byDevice: NamedCount[] } {
  const browsers = new Map<string, number>();
  const systems = new Map<string, number>();
  const devices = new Map<DeviceType, number>(DEVICE_TYPES.map((type) => [type, 0]));
  let covered = 0;
  for (const { value, clicks } of groups) {
    const agent = value ? parseAgent(value) : { browser: UNKNOWN, os: UNKNOWN, device: 'desktop' as const };
    add(browsers, agent.browser, clicks);
    add(systems, agent.os, clicks);
    add(devices, agent.device, clicks);
    covered += clicks;
  }
  add(browsers, OTHER, people - covered);
  add(systems, OTHER, people - covered);
  add(devices, 'desktop', people - covered);
  add(devices, 'bot', bots);
  const byDevice = DEVICE_TYPES.map((name) => ({ name, clicks: devices.get(name) ?? 0 }));
  return { byBrowser: top(browsers), byOs: top(systems), byDevice };
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
