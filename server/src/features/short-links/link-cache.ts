/**
 * The redirect path's view of links, in memory: id → destination and owner. The links service
 * keeps it right on edits and deletes made by this process; with several instances, each edit or
 * delete is announced to the others, which drop their entry (realtime/cluster.ts).
 */
import { compileRules, type CompiledRule } from '../link-targeting/targeting.js';
import type { LinkTarget } from './links.repo.js';
import { locationOf } from './url-rules.js';

export interface CachedLink extends LinkTarget {
  /** The destination as a Location header value. */
  location: string;
  /** The targeting rules parsed once, here; null when the link has none. */
  compiledRules: CompiledRule[] | null;
}

/** A link as the cache keeps it: the Location values and the rules worked out once, not per visit. */
export function toCachedLink(target: LinkTarget): CachedLink {
  return { ...target, location: locationOf(target.url), compiledRules: compileRules(target.rules) };
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
