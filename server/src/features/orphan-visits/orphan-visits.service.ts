/**
 * Orphan visits: visits to short links that do not exist, recorded without the IP address, shown
 * whole to the operator and, for aliases a session deleted or renamed away, to that session.
 */
import { ORPHAN_VISITS_MAX_AGE_DAYS, type OrphanVisits } from '../../../../shared/orphan-visits.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { OrphanVisitsRepo } from './orphan-visits.repo.js';

const MAX_AGE_MS = ORPHAN_VISITS_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

export interface OrphanVisitsService {
  /** Records a visit to an alias no link has (the caller checked it is a possible alias). */
  record(visit: {
    alias: string;
    at: number;
    referer: string | null;
    userAgent: string | null;
  }): Promise<void>;
  /** The session deleted the link or renamed it away from `alias`; later visits to it are shown to the session. */
  retire(user: SessionUser, alias: string): Promise<void>;
  /** Visits to the aliases the session gave up. */
  forSession(user: SessionUser): Promise<OrphanVisits>;
  /** Every orphan visit kept, for the operator. */
  forInstance(): Promise<OrphanVisits>;
}

export function createOrphanVisitsService(deps: {
  repo: OrphanVisitsRepo;
  now?: () => number;
}): OrphanVisitsService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  return {
    async record(visit) {
      const since = now() - MAX_AGE_MS;
      const { alias, at, referer, userAgent } = visit;
      await repo.insert({ alias, visitedAt: at, referer, userAgent }, since, since);
    },
    retire: (user, alias) => repo.retire(alias, user.sessionId, now()),
    forSession: (user) => repo.read(user.sessionId),
    forInstance: () => repo.read(null),
  };
}
