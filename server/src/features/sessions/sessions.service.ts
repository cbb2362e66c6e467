import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../../shared/sessions.js';
import type { SessionLookup } from '../../http/identity.js';
import type { SessionsRepo } from './sessions.repo.js';

export interface SessionsService extends SessionLookup {
  /**
   * Resumes the given session, or creates it under that id when the server does not know it
   * (so a user's webhook URL survives a data reset), or starts a new random one when none is given.
   * `admitNew` runs only before a session is created (the limit on new sessions counts there) and
   * throws to refuse it; resuming a known session never calls it.
   */
  startSession(
    sessionId: string | null,
    referrer: string | null,
    admitNew?: () => Promise<void>,
  ): Promise<SessionUser>;
}

const CACHE_LIMIT = 100_000;

export function createSessionsService(
  repo: SessionsRepo,
  options: { now?: () => number } = {},
): SessionsService {
  const now = options.now ?? Date.now;
  // Sessions are never deleted, so a cached hit can never go stale; this keeps the capture
  // and socket handshakes off the database.
  const cache = new Map<string, SessionUser>();

  function remember(user: SessionUser): SessionUser {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(user.sessionId, user);
    return user;
  }

  return {
    async startSession(sessionId, referrer, admitNew) {
      const id = sessionId ?? randomUUID();
      const known = cache.get(id) ?? (await repo.find(id));
      if (known) return remember(known);
      await admitNew?.();
      return remember(
        await repo.insertIfMissing({ id: randomUUID(), sessionId: id, referrer, createdAt: now() }),
      );
    },
    async findSession(sessionId) {
      const cached = cache.get(sessionId);
      if (cached) return cached;
      const found = await repo.find(sessionId);
      return found ? remember(found) : null;
    },
  };
}
