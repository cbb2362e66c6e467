import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { SessionsRepo } from './sessions.repo.js';

export interface SessionsService {
  /**
   * Resumes the given session, or creates it under that id when the server does not know it
   * (so a user's webhook URL survives a data reset), or starts a new random one when none is given.
   */
  startSession(sessionId: string | null, referrer: string | null): Promise<SessionUser>;
  /** The session's user, or null when the id is unknown. */
  findSession(sessionId: string): Promise<SessionUser | null>;
}

const CACHE_LIMIT = 100_000;

export function createSessionsService(repo: SessionsRepo, now: () => number = Date.now): SessionsService {
  // Sessions are never deleted, so a cached hit can never go stale; this keeps the capture
  // and socket handshakes off the database.
  const cache = new Map<string, SessionUser>();

  function remember(user: SessionUser): SessionUser {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(user.sessionId, user);
    return user;
  }

  return {
    async startSession(sessionId, referrer) {
      const id = sessionId ?? randomUUID();
      const known = cache.get(id) ?? (await repo.find(id));
      if (known) return remember(known);
      const created = await repo.insertIfMissing({
        id: randomUUID(),
        sessionId: id,
        referrer,
        createdAt: now(),
      });
      return remember(created);
    },
    async findSession(sessionId) {
      const cached = cache.get(sessionId);
      if (cached) return cached;
      const found = await repo.find(sessionId);
      return found ? remember(found) : null;
    },
  };
}
