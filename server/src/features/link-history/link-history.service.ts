import {
  LINK_HISTORY_DEFAULT_LIMIT,
  LINK_HISTORY_KEPT,
  type LinkHistoryEntry,
} from '../../../../shared/link-history.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { LinkWriteObserver } from '../short-links/links.repo.js';
import { diffLinks, kindOf } from './link-diff.js';
import type { LinkHistoryRepo } from './link-history.repo.js';

export interface LinkHistoryService {
  /**
   * The newest entries (at most `limit`, 100 by default) of the user's link, newest first.
   * NotFoundError when the user has no such link.
   */
  list(user: SessionUser, id: string, limit?: number): Promise<LinkHistoryEntry[]>;
}

/**
 * Keeps the history of every link write, inside the write's own transaction: an entry when
 * something changed (nothing when nothing did), the entries moved along on a rename, and all of
 * them deleted with the link. At most LINK_HISTORY_KEPT entries are kept per link.
 */
export function recordLinkHistory(deps: { repo: LinkHistoryRepo; now?: () => number }): LinkWriteObserver {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  return async (trx, { before, after, by }) => {
    if (after === null) {
      if (before) await repo.removeAll(trx, before.id);
      return;
    }
    if (before && before.id !== after.id) await repo.move(trx, before.id, after.id);
    const changes = diffLinks(before, after);
    if (Object.keys(changes).length === 0) return;
    const entry = {
      linkId: after.id,
      sessionId: after.ownerSessionId,
      at: now(),
      by,
      kind: kindOf(before, changes),
      changes,
    };
    await repo.append(trx, entry, LINK_HISTORY_KEPT);
  };
}

export function createLinkHistoryService(deps: {
  repo: LinkHistoryRepo;
  /** The user's link; throws NotFoundError when there is none. */
  findOwned: (user: SessionUser, id: string) => Promise<unknown>;
}): LinkHistoryService {
  return {
    async list(user, id, limit = LINK_HISTORY_DEFAULT_LIMIT) {
      await deps.findOwned(user, id);
      return deps.repo.list(user.sessionId, id, limit);
    },
  };
}
