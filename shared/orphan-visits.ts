/**
 * Visits to short links that do not exist: what the operator sees of all of them, and what a
 * session sees of those to aliases it deleted or renamed away. No IP addresses. Pure.
 */

/** The most recent visits kept on an instance's database; older ones are dropped as new ones come. */
export const ORPHAN_VISITS_KEPT = 10_000;
/** Visits older than this are dropped, and a session stops being told of an alias it gave up this long ago. */
export const ORPHAN_VISITS_MAX_AGE_DAYS = 30;
/** The recent visits an answer lists. */
export const ORPHAN_RECENT_LIMIT = 50;
/** The aliases an answer counts, most visited first. */
export const ORPHAN_ALIASES_LIMIT = 100;

export interface OrphanAliasCount {
  alias: string;
  visits: number;
  /** ISO 8601. */
  lastVisitAt: string;
}

export interface OrphanVisit {
  alias: string;
  /** ISO 8601. */
  visitedAt: string;
  referer: string | null;
  userAgent: string | null;
}

/** GET /api/orphan-visits and GET /api/admin/orphan-visits. */
export interface OrphanVisits {
  /** Visits kept (at most ORPHAN_VISITS_KEPT on the instance, none older than ORPHAN_VISITS_MAX_AGE_DAYS). */
  total: number;
  byAlias: OrphanAliasCount[];
  recent: OrphanVisit[];
}

export const ORPHAN_VISITS_PATH = '/api/orphan-visits';
export const ADMIN_ORPHAN_VISITS_PATH = '/api/admin/orphan-visits';
