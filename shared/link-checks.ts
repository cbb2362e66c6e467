/**
 * Destination checks of short links: a request to a link's destination (following redirects, at
 * most LINK_CHECK_MAX_HOPS) that says whether it still answers, and how.
 */
export const LINK_CHECK_MAX_HOPS = 5;
export const LINK_CHECK_TIMEOUT_MS = 10_000;
/** Checks one instance runs at once; more wait their turn. */
export const LINK_CHECK_CONCURRENCY = 3;

/** One answer on the way: the address asked and its status code. */
export interface LinkCheckHop {
  url: string;
  status: number;
}

/** A link's latest check (`POST /api/urls/{id}/check`, `GET /api/link-checks`). */
export interface LinkCheck {
  linkId: string;
  /** The destination checked. */
  destination: string;
  /** ISO 8601. */
  checkedAt: string;
  /** False: broken (an error status, no answer, too many redirects, or refused). */
  ok: boolean;
  /** The last answer's status code; null when none came. */
  status: number | null;
  /** Why it is broken, in words; null when it is fine. */
  error: string | null;
  /** Every answer in order, the redirects first. */
  chain: LinkCheckHop[];
  /** From the first request to the last answer. */
  durationMs: number;
}

/** `data` of a `link.broken` click-webhook body. */
export interface LinkBrokenData extends Omit<LinkCheck, 'ok'> {
  shortUrl: string;
}
