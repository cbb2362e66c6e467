import {
  ANALYTICS_PERIOD_DAYS,
  RECENT_CLICKS_LIMIT,
  type AnalyticsPeriod,
  type UrlAnalytics,
} from '../../../../shared/links.js';
import { URL_CLICK } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { createBatcher, type WriteObserver } from '../../db/batcher.js';
import type { Publisher } from '../../realtime/publisher.js';
import { AGENT_GROUPS_LIMIT, TOP_LIMIT, agentBuckets, namedCounts, toClickRecord } from './analytics.js';
import type { AnalyticsRepo } from './analytics.repo.js';
import { classifyAgent } from './bots.js';
import type { ClicksRepo } from './clicks.repo.js';
import type { NewClick } from './new-click.js';
import { CLICK_CSV_COLUMNS, clickCsvLine, csvLine } from './csv.js';
import type { GeoInfo, GeoLookup } from './geo.js';
import { variantCounts } from '../link-splits/split-analytics.js';
import { ruleCounts } from '../link-targeting/rule-analytics.js';
import { networkOf } from './ip-network.js';
import type { CachedLink } from './link-cache.js';
import type { LinksRepo } from './links.repo.js';
import { toShortUrl } from './link-views.js';
import type { LinksService } from './links.service.js';
import { visitorHashOf, type VisitorSalts } from './visitor-salts.js';

/** One visit of a short link as the redirect route sees it. */
export interface Visit {
  ip: string | null;
  userAgent: string | null;
  referer: string | null;
  /** Epoch milliseconds. */
  at: number;
  /** The targeting rule that chose the destination; null or absent for the link's own. */
  ruleId?: string | null;
  /** The IP's location when targeting already looked it up, so it is not looked up twice. */
  geo?: GeoInfo;
  /** The split's variant that received the visit; null or absent when no split chose. */
  variantId?: string | null;
  /** The visitor hash when a sticky split already worked it out. */
  visitorHash?: string;
}

/** A person's stored click, without the IP address. */
export interface CountedClick {
  at: number;
  country: string | null;
  userAgent: string | null;
  referer: string | null;
}

export interface ClicksService {
  /**
   * Stores the visit (committed when this resolves) and, for a person, tells the owner the new
   * count. For a link with a click limit, a person's click is first counted against the limit in
   * one statement, so instances cannot overshoot it together; bots never use it up. Returns
   * 'limit-reached' (and stores nothing) once the limit is used up.
   */
  recordClick(link: CachedLink, visit: Visit): Promise<'recorded' | 'limit-reached'>;
  /**
   * The visit's visitor hash (visitor-salts.ts), by which a sticky split keeps a visitor's variant;
   * null when the day's salt cannot be read (the database is away), so the visit is drawn at random.
   */
  visitorHashOf(link: CachedLink, visit: Visit): Promise<string | null>;
  /** Where an IP address is; in memory, synchronous (geo.ts). */
  locate(ip: string | null): GeoInfo;
  /** True when the link has a click limit and it is used up; reads the database only for such links. */
  isAtLimit(link: CachedLink): Promise<boolean>;
  /**
   * The owner's analytics of a link over `period` (all time: 'all'); NotFoundError when the user
   * has no such link.
   */
  analytics(user: SessionUser, id: string, apiBase: string, period: AnalyticsPeriod): Promise<UrlAnalytics>;
  /**
   * Every click of the link as CSV lines, header first, read page by page as they are consumed.
   * NotFoundError (before any line) when the user has no such link.
   */
  exportCsv(user: SessionUser, id: string): Promise<AsyncIterable<string>>;
  /** Cuts the IP of every click older than the retention period to its network; returns how many clicks changed. */
  anonymizeOldClickIps(now: number): Promise<number>;
  /** Waits until every accepted click is written. */
  flush(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Start (epoch ms) of the first UTC day of the period, today counting as its last day; null for all time. */
export function periodStart(period: AnalyticsPeriod, now: number): number | null {
  const days = ANALYTICS_PERIOD_DAYS[period];
  if (days === null) return null;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return today - (days - 1) * DAY_MS;
}
const EXPORT_PAGE = 5000;
const RULE_GROUPS_LIMIT = 1000;
const ANONYMIZE_BATCH = 1000;

export function createClicksService(deps: {
  repo: ClicksRepo;
  analyticsRepo: AnalyticsRepo;
  links: LinksService;
  linksRepo: Pick<LinksRepo, 'claimClick' | 'isAtLimit'>;
  geo: GeoLookup;
  publisher: Publisher;
  /** The day's salt of the visitor hashes, from memory but once a day. */
  salts: VisitorSalts;
  ipRetentionDays: number;
  /** Told of each grouped write of clicks (metrics). */
  onWrite?: WriteObserver;
  /** Told of each person's click once it is stored; must not wait or throw (click webhooks). */
  onCounted?: (link: CachedLink, click: CountedClick) => void;
}): ClicksService {
  const { repo, analyticsRepo, links, linksRepo } = deps;
  // Group commit: clicks arriving together share one transaction, each redirect still waits for its own.
  const writer = createBatcher((clicks: NewClick[]) => repo.insertMany(clicks), { onWrite: deps.onWrite });

  async function* csvLines(urlId: string): AsyncGenerator<string> {
    yield csvLine(CLICK_CSV_COLUMNS);
    for (let afterId = 0; ;) {
      const page = await repo.listPage(urlId, afterId, EXPORT_PAGE);
      for (const click of page) yield clickCsvLine(toClickRecord(click));
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      afterId = last.id;
    }
  }

  /** The visit's visitor hash; synchronous while the day's salt is cached, as it nearly always is. */
  function hashVisit(link: CachedLink, visit: Visit): string | Promise<string> {
    const hash = (salt: string) => visitorHashOf(salt, link.id, visit.ip, visit.userAgent);
    const salt = deps.salts.saltOf(visit.at);
    return typeof salt === 'string' ? hash(salt) : salt.then(hash);
  }

  return {
    async recordClick(link, visit) {
      const verdict = classifyAgent(visit.userAgent);
      // Bots are no visitors. Taken before a limited link's click is claimed, so that a failure
      // here uses up nothing.
      const hashed = verdict.isBot ? null : (visit.visitorHash ?? hashVisit(link, visit));
      const visitorHash = typeof hashed === 'object' && hashed !== null ? await hashed : hashed;
      let isPreCounted = false;
      if (link.maxClicks !== null) {
        if (verdict.isBot) {
          if (await linksRepo.isAtLimit(link.id)) return 'limit-reached';
        } else {
          if ((await linksRepo.claimClick(link.id)) === null) return 'limit-reached';
          isPreCounted = true;
        }
      }
      const place = visit.geo ?? deps.geo.lookup(visit.ip);
      const totalClicks = await writer.add({
        isPreCounted,
        urlId: link.id,
        createdAt: visit.at,
        ip: visit.ip,
        ...place,
        userAgent: visit.userAgent,
        referer: visit.referer,
        ruleId: visit.ruleId ?? null,
        variantId: visit.variantId ?? null,
        ...verdict,
        visitorHash,
      });
      // null: the link was deleted while the click waited; nobody is left to tell.
      if (verdict.isBot || totalClicks === null) return 'recorded';
      deps.publisher.toUser(link.ownerUserId, URL_CLICK, { urlId: link.id, totalClicks });
      deps.onCounted?.(link, {
        at: visit.at,
        country: place.country,
        userAgent: visit.userAgent,
        referer: visit.referer,
      });
      return 'recorded';
    },
    async visitorHashOf(link, visit) {
      try {
        return await hashVisit(link, visit);
      } catch {
        return null;
      }
    },
    locate: (ip) => deps.geo.lookup(ip),
    async isAtLimit(link) {
      return link.maxClicks !== null && (await linksRepo.isAtLimit(link.id));
    },
    async analytics(user, id, apiBase, period) {
      const link = await links.findOwned(user, id);
      const now = Date.now();
      const since = periodStart(period, now);
      const [recent, totals, byDay, countries, referrers, agents, rules, variants] = await Promise.all([
        repo.listRecent(link.id, RECENT_CLICKS_LIMIT),
        analyticsRepo.totals(link.id, since),
        analyticsRepo.byDay(link.id, since),
        analyticsRepo.topValues(link.id, 'country', TOP_LIMIT, since),
        analyticsRepo.topValues(link.id, 'referer', TOP_LIMIT, since),
        analyticsRepo.topValues(link.id, 'user_agent', AGENT_GROUPS_LIMIT, since),
        // A link has at most a few rules, and a few more it once had.
        analyticsRepo.topValues(link.id, 'rule', RULE_GROUPS_LIMIT, since),
        analyticsRepo.topValues(link.id, 'variant', RULE_GROUPS_LIMIT, since),
      ]);
      const view = toShortUrl(link, apiBase, now);
      return {
        id: link.id,
        url: link.url,
        shortUrl: view.shortUrl,
        totalClicks: link.clicks,
        createdAt: view.createdAt,
        period,
        state: view.state,
        expiresAt: view.expiresAt,
        maxClicks: view.maxClicks,
        hasPassword: view.hasPassword,
        recentClicks: recent.map(toClickRecord),
        botClicks: totals.bots,
        uniqueVisitors: totals.uniqueVisitors,
        byDay,
        byCountry: namedCounts(countries, 'Unknown'),
        ...agentBuckets(agents, totals.people, totals.bots),
        byReferrer: namedCounts(referrers, 'Direct'),
        byRule: ruleCounts(rules, totals.people),
        rules: link.rules,
        byVariant: variantCounts(variants),
        split: link.split,
      };
    },
    async exportCsv(user, id) {
      const link = await links.findOwned(user, id);
      return csvLines(link.id);
    },
    async anonymizeOldClickIps(now) {
      const before = now - deps.ipRetentionDays * DAY_MS;
      let changed = 0;
      for (;;) {
        const clicks = await repo.listIpsToAnonymize(before, ANONYMIZE_BATCH);
        const groups = new Map<string | null, number[]>();
        for (const { id, ip } of clicks) {
          const network = networkOf(ip);
          const ids = groups.get(network);
          if (ids) ids.push(id);
          else groups.set(network, [id]);
        }
        if (groups.size > 0) await repo.anonymizeIps(groups);
        changed += clicks.length;
        if (clicks.length < ANONYMIZE_BATCH) return changed;
      }
    },
    flush: () => writer.drain(),
  };
}
