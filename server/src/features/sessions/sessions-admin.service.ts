/**
 * What operators see of and do to sessions: who holds the most storage or captured the most
 * lately, deleting a session's requests, and suspending its webhook URL. A suspension holds on
 * every instance at once: the capture path asks `isSuspended`, answered from memory once a session
 * was read, and each change is announced so that the other instances drop their copy before the
 * admin's request is answered.
 */
import { isSessionId } from '../../../../shared/sessions.js';
import {
  RECENT_WINDOW_MS,
  SESSIONS_LIST_LIMIT,
  SUSPENDED_LIST_LIMIT,
  type SessionsOverview,
  type SessionUsage,
} from '../../../../shared/admin.js';
import { NotFoundError } from '../../http/errors.js';
import type { SessionsAdminRepo, UsageRow } from './sessions-admin.repo.js';
import {
  createSessionCache,
  type SessionCache,
  type SessionCacheBus,
} from '../session-cache/session-cache.js';

export const SUSPENDED_MESSAGE =
  'This webhook URL has been suspended by the operator of this Hookbay instance.';
const NOT_FOUND_MESSAGE = 'No session with this id.';

/** The capture path's question. */
export interface Suspensions {
  /** Whether captures for the session are refused; reads the database once per session, then memory. */
  /** Synchronous once the session is cached, so the capture path awaits nothing then. */
  isSuspended(sessionId: string): boolean | Promise<boolean>;
}

export interface SessionsAdminService extends Suspensions {
  overview(): Promise<SessionsOverview>;
  /** Suspends or lifts the session's webhook URL; returns its usage. NotFoundError for an unknown session. */
  setSuspended(sessionId: string, isSuspended: boolean): Promise<SessionUsage>;
  /** Deletes every stored request of the session; returns how many. NotFoundError for an unknown session. */
  deleteRequests(sessionId: string): Promise<number>;
}

function isoOrNull(time: number | null | undefined): string | null {
  return time === null || time === undefined ? null : new Date(time).toISOString();
}

export function createSessionsAdminService(deps: {
  repo: SessionsAdminRepo;
  /** Carries suspensions to the other instances' caches. */
  bus?: SessionCacheBus;
  /** The instance's storage budget (STORAGE_MAX_MB), shown beside the bytes stored. */
  storageMaxBytes: number;
  now?: () => number;
}): SessionsAdminService {
  const { repo } = deps;
  const cache: SessionCache<boolean> = createSessionCache({ name: 'suspensions', bus: deps.bus });
  const now = deps.now ?? (() => Date.now());

  /** The usage rows with their suspension; a session with nothing stored gets zeros. */
  async function withSuspensions(
    sessionIds: string[],
    rows: UsageRow[],
    known?: Map<string, number>,
  ): Promise<SessionUsage[]> {
    const suspensions = known ?? (await repo.suspensionsOf(sessionIds));
    const bySession = new Map(rows.map((row) => [row.sessionId, row]));
    return sessionIds.map((sessionId) => {
      const row = bySession.get(sessionId);
      return {
        sessionId,
        requests: row?.requests ?? 0,
        bytes: row?.bytes ?? 0,
        recentRequests: row?.recentRequests ?? 0,
        lastCaptureAt: isoOrNull(row?.lastCaptureAt),
        suspendedAt: isoOrNull(suspensions.get(sessionId)),
      };
    });
  }

  async function usageOf(sessionId: string, recentSince: number): Promise<SessionUsage> {
    const [usage] = await withSuspensions([sessionId], await repo.usageOf([sessionId], recentSince));
    // One id in, one usage out.
    return usage as SessionUsage;
  }

  async function requireSession(sessionId: string): Promise<void> {
    if (!isSessionId(sessionId) || (await repo.suspendedAt(sessionId)) === undefined) {
      throw new NotFoundError(NOT_FOUND_MESSAGE);
    }
  }

  return {
    isSuspended: (sessionId) =>
      cache.read(sessionId, async () => {
        const suspendedAt = await repo.suspendedAt(sessionId);
        return suspendedAt !== null && suspendedAt !== undefined;
      }),
    async overview() {
      const recentSince = now() - RECENT_WINDOW_MS;
      const largest = await repo.largest(recentSince, SESSIONS_LIST_LIMIT);
      const busiest = await repo.busiest(recentSince, SESSIONS_LIST_LIMIT);
      const suspended = await repo.suspended(SUSPENDED_LIST_LIMIT);
      const suspendedIds = suspended.map((row) => row.sessionId);
      const suspendedUsage = await repo.usageOf(suspendedIds, recentSince);
      const ids = (rows: UsageRow[]) => rows.map((row) => row.sessionId);
      return {
        largest: await withSuspensions(ids(largest), largest),
        busiest: await withSuspensions(ids(busiest), busiest),
        suspended: await withSuspensions(
          suspendedIds,
          suspendedUsage,
          new Map(suspended.map((row) => [row.sessionId, row.suspendedAt])),
        ),
        recentSince: new Date(recentSince).toISOString(),
        storage: { bytes: await repo.storedBytes(), budgetBytes: deps.storageMaxBytes },
      };
    },
    async setSuspended(sessionId, isSuspended) {
      if (!isSessionId(sessionId) || !(await repo.setSuspendedAt(sessionId, isSuspended ? now() : null))) {
        throw new NotFoundError(NOT_FOUND_MESSAGE);
      }
      await cache.change(sessionId, isSuspended);
      return usageOf(sessionId, now() - RECENT_WINDOW_MS);
    },
    async deleteRequests(sessionId) {
      await requireSession(sessionId);
      return repo.deleteEvents(sessionId);
    },
  };
}
