/**
 * The redirect path's view of links, in memory: id → destination and owner. The links service
 * keeps it right on edits and deletes made by this process; with several instances, each edit or
 * delete is announced to the others, which drop their entry (realtime/cluster.ts).
 */
import { isCachedRedirect, type RedirectStatus } from '../../../../shared/link-routing.js';
import { compileSplit, type CompiledSplit } from '../link-splits/splits.js';
import { compileRules, type CompiledRule } from '../link-targeting/targeting.js';
import type { LinkTarget } from './stored-link.js';
import { locationOf } from './url-rules.js';

export interface CachedLink extends LinkTarget {
  /** The destination as a Location header value. */
  location: string;
  /** The targeting rules parsed once, here; null when the link has none. */
  compiledRules: CompiledRule[] | null;
  /** The A/B split with its Location values and cumulative weights; null when the link has none. */
  compiledSplit: CompiledSplit | null;
  /** Rules or a split: each visit's destination is worked out rather than `location` as it is. */
  isRouted: boolean;
  /** A sticky split, the link's or a rule's: the visit's destination needs the visitor hash. */
  hasStickySplit: boolean;
  /** The redirect's status code and Cache-Control header. */
  status: RedirectStatus;
  cacheControl: string;
  /** The fallback as a Location header value; null when the link has none. */
  fallbackLocation: string | null;
}

/**
 * Permanent redirects are what browsers keep anyway; saying for how long bounds it. Every other
 * answer is never cached, so that edits, expiry and click counts apply at once.
 */
export const PERMANENT_CACHE_CONTROL = 'private, max-age=3600';
export const NO_STORE = 'no-store';

function routingOf(target: LinkTarget) {
  const compiledRules = compileRules(target.rules);
  const compiledSplit = compileSplit(target.split);
  const hasStickySplit =
    compiledSplit?.sticky === true || (compiledRules ?? []).some((rule) => rule.split?.sticky === true);
  return {
    compiledRules,
    compiledSplit,
    isRouted: compiledRules !== null || compiledSplit !== null,
    hasStickySplit,
  };
}

/** A link as the cache keeps it: the Location values and the rules worked out once, not per visit. */
export function toCachedLink(target: LinkTarget): CachedLink {
  const status = target.redirectStatus ?? 302;
  return {
    ...target,
    location: locationOf(target.url),
    ...routingOf(target),
    status,
    cacheControl: isCachedRedirect(status) ? PERMANENT_CACHE_CONTROL : NO_STORE,
    fallbackLocation: target.fallbackUrl ? locationOf(target.fallbackUrl) : null,
  };
}

export interface LinkCache {
  get(id: string): CachedLink | undefined;
  /** Remembers a link read from the database, unless it was changed since `generation` was taken. */
  fill(link: CachedLink, generation: number): void;
  /** Remembers a link this process just wrote. */
  set(link: CachedLink): void;
  delete(id: string): void;
  /** Forgets every link, e.g. when changes made elsewhere may have been missed. */
  clear(): void;
  /** Taken before a database read; a write in between makes that read's result stale. */
  generation(): number;
}

export function createLinkCache(limit = 100_000): LinkCache {
  const entries = new Map<string, CachedLink>();
  let writes = 0;

  function remember(link: CachedLink): void {
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (entries.size >= limit && !entries.has(link.id)) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(link.id, link);
  }

  return {
    get: (id) => entries.get(id),
    fill(link, generation) {
      if (generation === writes) remember(link);
    },
    set(link) {
      writes++;
      remember(link);
    },
    delete(id) {
      writes++;
      entries.delete(id);
    },
    clear() {
      writes++;
      entries.clear();
    },
    generation: () => writes,
  };
}
