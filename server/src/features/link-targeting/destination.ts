/**
 * Where one visit of a short link goes: the first matching targeting rule's destination, else a
 * variant of that rule's split, or a variant of the link's split, else the link's own, with the visit's query string merged in when
 * the link forwards it. A link without rules or split visited without a query string is decided by
 * `needsTargeting` alone.
 */
import { bucketOf, variantAt } from '../link-splits/splits.js';
import type { Visit } from '../short-links/clicks.service.js';
import type { GeoInfo } from '../short-links/geo.js';
import type { CachedLink } from '../short-links/link-cache.js';
import { withVisitQuery } from './forward-query.js';
import { firstMatchingRule } from './targeting.js';
import { Visitor } from './visitor.js';

export interface Destination {
  location: string;
  /** The rule that chose it; null for the link's own destination. */
  ruleId: string | null;
  /** The visitor's location when a country condition looked it up. */
  geo: GeoInfo | undefined;
  /** The split's variant that chose it; null when no split did. */
  variantId: string | null;
  /** The visitor hash a sticky split worked out, for the click to reuse; null otherwise. */
  visitorHash: string | null;
}

/** What a visit brings that targeting reads. */
export interface VisitFacts {
  /** The request URL as received (path and query). */
  rawUrl: string;
  userAgent: string | null;
  acceptLanguage: string | undefined;
  locate: () => GeoInfo;
  ip: string | null;
  /** Epoch ms of the visit. */
  at: number;
  /** The visitor hash, for a link with a sticky split; null: the variant is drawn at random. */
  visitorHash: string | null;
}

/** The query string of a request URL without its `?`; '' when there is none. */
export function queryOf(rawUrl: string): string {
  const at = rawUrl.indexOf('?');
  return at === -1 ? '' : rawUrl.slice(at + 1);
}

/** False when the link sends every visit to `link.location` as it is, with nothing else to work out. */
export function needsTargeting(link: CachedLink, rawUrl: string): boolean {
  return link.isRouted || (link.forwardQuery && rawUrl.includes('?'));
}

/** The visit's destination and the rule (and variant) that chose it. */
export function destinationOf(link: CachedLink, facts: VisitFacts): Destination {
  let location = link.location;
  let ruleId: string | null = null;
  let split = link.compiledSplit;
  let visitor: Visitor | null = null;
  if (link.compiledRules !== null) {
    const { userAgent, acceptLanguage, ip, at, locate } = facts;
    visitor = new Visitor({ userAgent, acceptLanguage, query: queryOf(facts.rawUrl), ip, at, locate });
    const rule = firstMatchingRule(link.compiledRules, visitor);
    if (rule) {
      location = rule.location;
      ruleId = rule.id;
      split = rule.split;
    }
  }
  let variantId: string | null = null;
  if (split !== null) {
    const variant = variantAt(split, bucketOf(split.sticky ? facts.visitorHash : null));
    location = variant.location;
    variantId = variant.id;
  }
  if (link.forwardQuery) location = withVisitQuery(location, queryOf(facts.rawUrl));
  return { location, ruleId, geo: visitor?.knownLocation(), variantId, visitorHash: facts.visitorHash };
}

/** The visit as its click records it: what chose its destination, and what was learnt on the way. */
export function visitTo(visit: Visit, target: Destination | null): Visit {
  if (target === null) return visit;
  const { ruleId, geo, variantId, visitorHash } = target;
  return { ...visit, ruleId, geo, variantId, ...(visitorHash !== null && { visitorHash }) };
}
