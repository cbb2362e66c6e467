/** The admin check as the API answers it. Pure: no Node and no DOM APIs. */

/** Answer of GET /api/admin/check-status; false whenever this browser holds no valid admin cookie. */
export interface AdminStatus {
  isAdmin: boolean;
}

export const ADMIN_CHECK_STATUS_PATH = '/api/admin/check-status';

/** One session's captured requests as the Sessions tab shows them. */
export interface SessionUsage {
  sessionId: string;
  /** Requests stored, hidden ones included. */
  requests: number;
  /** Bytes they keep (bodies and headers). */
  bytes: number;
  /** Of those, requests captured since `SessionsOverview.recentSince`. */
  recentRequests: number;
  /** ISO 8601 time of the newest stored request, or null when none is stored. */
  lastCaptureAt: string | null;
  /** ISO 8601 time an admin suspended the session's webhook URL, or null. */
  suspendedAt: string | null;
}

/** Answer of GET /api/admin/sessions. */
export interface SessionsOverview {
  /** The sessions holding the most bytes, largest first. */
  largest: SessionUsage[];
  /** The sessions with the most requests captured lately, most first. */
  busiest: SessionUsage[];
  /** The suspended sessions, most recently suspended first (at most SUSPENDED_LIST_LIMIT). */
  suspended: SessionUsage[];
  /** ISO 8601 start of "lately" (24 hours ago). */
  recentSince: string;
  /** Bytes of captured requests every session together keeps, against the instance's budget (STORAGE_MAX_MB). */
  storage: InstanceStorage;
}

/** The instance's stored requests against its storage budget. */
export interface InstanceStorage {
  bytes: number;
  budgetBytes: number;
}

/** Answer of DELETE /api/admin/sessions/{sessionId}/events. */
export interface DeletedRequests {
  ok: true;
  deleted: number;
}

/** How long "lately" is for the busiest sessions. */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rows in the largest and busiest lists. */
export const SESSIONS_LIST_LIMIT = 20;
/** Rows in the list of suspended sessions. */
export const SUSPENDED_LIST_LIMIT = 100;
