import {
  LINK_SHARE_TOKEN_PREFIX,
  MAX_LINK_SHARES_PER_SESSION,
  isLinkShareTokenShaped,
  type LinkShare,
  type LinkShareEnded,
  type NewLinkShare,
  type SharedLinkAnalytics,
  type SharedLinkNumbers,
} from '../../../../shared/link-shares.js';
import { normalizeTag, type TagAnalytics } from '../../../../shared/link-tags.js';
import type { AnalyticsPeriod, UrlAnalytics } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import { generateKey, hashKey } from '../access/key-secret.js';
import type { LinkShareRow, LinkSharesRepo } from './link-shares.repo.js';

/** A share's use is written at most this often, so a busy page does not write on every call. */
export const LAST_USED_PRECISION_MS = 60_000;
const DAY_MS = 86_400_000;

export const TOO_MANY_LINK_SHARES_MESSAGE = `You already have ${MAX_LINK_SHARES_PER_SESSION} working analytics links, the most a session can hold. Revoke one first.`;
export const LINK_SHARE_NOT_FOUND_MESSAGE = 'You have no analytics link with this id.';
export const UNKNOWN_LINK_SHARE_MESSAGE = 'No analytics link has this address.';
export const LINK_SHARE_ENDED_MESSAGES: Record<LinkShareEnded, string> = {
  revoked: 'This analytics link was revoked by its owner.',
  expired: 'This analytics link has expired.',
};

/** 410 for a share that worked once: `reason` says whether it was revoked or expired. */
export class LinkShareEndedError extends HttpError {
  override readonly extra: { reason: LinkShareEnded };

  constructor(readonly reason: LinkShareEnded) {
    super(410, LINK_SHARE_ENDED_MESSAGES[reason]);
    this.extra = { reason };
  }
}

class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export interface LinkSharesService {
  /** Makes a share; NotFoundError for a link or tag the session does not have, 409 when full. */
  create(user: SessionUser, input: NewLinkShare): Promise<LinkShare & { token: string }>;
  list(user: SessionUser, of: { linkId?: string; tag?: string }): Promise<LinkShare[]>;
  /** Revokes at once: every instance reads the row on each use. NotFoundError when unknown. */
  revoke(user: SessionUser, id: string): Promise<void>;
  /**
   * What a token shows: NotFoundError when unknown (or its link or tag is gone), LinkShareEndedError
   * (410) when revoked or expired.
   */
  open(token: string, period: AnalyticsPeriod, apiBase: string): Promise<SharedLinkAnalytics>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toLinkShare(row: LinkShareRow): LinkShare {
  return {
    id: row.id,
    kind: row.link_id === null ? 'tag' : 'link',
    linkId: row.link_id,
    tag: row.tag,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  };
}

/**
 * Only counts leave: each field is named here, so a field the owner's analytics gain later (the
 * recent clicks with their IP addresses, say) never reaches a share by accident.
 */
function linkNumbers(analytics: UrlAnalytics): SharedLinkNumbers {
  return {
    shortUrl: analytics.shortUrl,
    url: analytics.url,
    state: analytics.state,
    createdAt: analytics.createdAt,
    totalClicks: analytics.totalClicks,
    uniqueVisitors: analytics.uniqueVisitors,
    botClicks: analytics.botClicks,
    byDay: analytics.byDay,
    byCountry: analytics.byCountry,
    byBrowser: analytics.byBrowser,
    byOs: analytics.byOs,
    byReferrer: analytics.byReferrer,
    byDevice: analytics.byDevice,
  };
}

export function createLinkSharesService(deps: {
  repo: LinkSharesRepo;
  /** Throws NotFoundError for a link the session does not have. */
  findLink(user: SessionUser, id: string): Promise<unknown>;
  linkAnalytics(
    user: SessionUser,
    id: string,
    apiBase: string,
    period: AnalyticsPeriod,
  ): Promise<UrlAnalytics>;
  tagAnalytics(user: SessionUser, tag: string, period: AnalyticsPeriod): Promise<TagAnalytics>;
  now?: () => number;
}): LinkSharesService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  return {
    async create(user, input) {
      const tag = input.tag === undefined ? null : normalizeTag(input.tag);
      // Both throw NotFoundError for a link or tag the session does not have.
      if (input.linkId !== undefined) await deps.findLink(user, input.linkId);
      else await deps.tagAnalytics(user, tag ?? '', '7d');
      const { id, key: token } = generateKey(LINK_SHARE_TOKEN_PREFIX);
      const createdAt = now();
      const row: LinkShareRow = {
        id,
        session_id: user.sessionId,
        token_hash: hashKey(token),
        link_id: input.linkId ?? null,
        tag: input.linkId === undefined ? tag : null,
        created_at: createdAt,
        expires_at: createdAt + input.expiresInDays * DAY_MS,
        last_used_at: null,
        revoked_at: null,
      };
      if ((await repo.insert(row, MAX_LINK_SHARES_PER_SESSION, createdAt)) === 'full')
        throw new ConflictError(TOO_MANY_LINK_SHARES_MESSAGE);
      return { ...toLinkShare(row), token };
    },
    async list(user, of) {
      const tag = of.tag === undefined ? undefined : (normalizeTag(of.tag) ?? of.tag);
      return (await repo.list(user.sessionId, { linkId: of.linkId, tag })).map(toLinkShare);
    },
    async revoke(user, id) {
      if (!(await repo.revoke(user.sessionId, id, now())))
        throw new NotFoundError(LINK_SHARE_NOT_FOUND_MESSAGE);
    },
    async open(token, period, apiBase) {
      // Not shaped like a token: no share could match, no need to ask the database.
      const found = isLinkShareTokenShaped(token) ? await repo.findByHash(hashKey(token)) : null;
      if (!found) throw new NotFoundError(UNKNOWN_LINK_SHARE_MESSAGE);
      const { row, user } = found;
      const time = now();
      if (row.revoked_at !== null) throw new LinkShareEndedError('revoked');
      if (row.expires_at <= time) throw new LinkShareEndedError('expired');
      if (row.last_used_at === null || row.last_used_at <= time - LAST_USED_PRECISION_MS)
        await repo.touch(row.id, time, time - LAST_USED_PRECISION_MS);
      const expiresAt = iso(row.expires_at);
      if (row.link_id !== null) {
        const analytics = await deps.linkAnalytics(user, row.link_id, apiBase, period);
        return { kind: 'link', expiresAt, period, link: linkNumbers(analytics) };
      }
      const { tag, links, totalClicks, uniqueVisitors, byDay } = await deps.tagAnalytics(
        user,
        row.tag ?? '',
        period,
      );
      return { kind: 'tag', expiresAt, period, tag: { tag, links, totalClicks, uniqueVisitors, byDay } };
    },
  };
}
