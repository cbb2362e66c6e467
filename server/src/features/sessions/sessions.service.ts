import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../../shared/sessions.js';
import { TooManyRequestsError } from '../../http/errors.js';
import type { SessionsRepo } from './sessions.repo.js';

export interface SessionsService {
  /**
   * Resumes the given session, or creates it under that id when the server does not know it
   * (so a user's webhook URL survives a data reset), or starts a new random one when none is given.
   * Throws TooManyRequestsError when creating one would pass the per-minute limit of `ip`;
   * resuming a known session is never limited.
   */
  startSession(sessionId: string | null, referrer: string | null, ip?: string | null): Promise<SessionUser>;
  /** The session's user, or null when the id is unknown. */
  findSession(sessionId: string): Promise<SessionUser | null>;
}

const CACHE_LIMIT = 100_000;
const LIMIT_WINDOW_MS = 60_000;
export const TOO_MANY_SESSIONS_MESSAGE =
  'Too many new sessions from your address. Please wait a moment and try again.';

export function createSessionsService(
  repo: SessionsRepo,
  options: { sessionsPerMinute: number; now?: () => number },
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
    async startSession(sessionId, referrer, ip = null) {
      const id = sessionId ?? randomUUID();
      const known = cache.get(id) ?? (await repo.find(id));
      if (known) return remember(known);
      const createdAt = now();
      const outcome = await repo.insertIfMissing(
        { id: randomUUID(), sessionId: id, referrer, createdAt, ip },
        { since: createdAt - LIMIT_WINDOW_MS, limit: options.sessionsPerMinute },
      );
      if ('session' in outcome) return remember(outcome.session);
      const waitMs = outcome.blockingCreatedAt + LIMIT_WINDOW_MS - createdAt;
      throw new TooManyRequestsError(TOO_MANY_SESSIONS_MESSAGE, waitMs);
    },
    async findSession(sessionId) {
      const cached = cache.get(sessionId);
      if (cached) return cached;
      const found = await repo.find(sessionId);
      return found ? remember(found) : null;
    },
  };
}
