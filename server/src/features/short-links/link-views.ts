/** A stored link as the API shows it, as the admin panel lists it, and as the redirect caches it. */
import { linkStateOf, shortUrl, type AdminLink, type ShortUrl } from '../../../../shared/links.js';
import { toCachedLink, type CachedLink } from './link-cache.js';
import type { StoredLink } from './stored-link.js';

/** The API's view of a link; `timestamp` repeats `createdAt` because clients read either. */
export function toShortUrl(link: StoredLink, apiBase: string, now = Date.now()): ShortUrl {
  const createdAt = new Date(link.createdAt).toISOString();
  const hasPassword = link.passwordHash !== null;
  return {
    id: link.id,
    url: link.url,
    shortUrl: shortUrl(apiBase, link.id),
    clicks: link.clicks,
    createdAt,
    timestamp: createdAt,
    alias: link.isAlias ? link.id : null,
    expiresAt: link.expiresAt === null ? null : new Date(link.expiresAt).toISOString(),
    maxClicks: link.maxClicks,
    hasPassword,
    disabledAt: link.disabledAt === null ? null : new Date(link.disabledAt).toISOString(),
    state: linkStateOf({ ...link, hasPassword, isDisabled: link.disabledAt !== null }, now),
    forwardQuery: link.forwardQuery,
    rules: link.rules,
    externalId: link.externalId,
    tags: link.tags,
    note: link.note,
    card: link.card,
    redirectStatus: link.redirectStatus ?? 302,
    fallbackUrl: link.fallbackUrl,
    startsAt: link.startsAt === null ? null : new Date(link.startsAt).toISOString(),
    split: link.split,
  };
}

export function toAdminLink(link: StoredLink, apiBase: string): AdminLink {
  return { ...toShortUrl(link, apiBase), ownerSessionId: link.ownerSessionId };
}

/** The redirect's view of a link its owner just wrote. */
export function cached(link: StoredLink, ownerUserId: string): CachedLink {
  return toCachedLink({
    id: link.id,
    url: link.url,
    ownerSessionId: link.ownerSessionId,
    ownerUserId,
    expiresAt: link.expiresAt,
    maxClicks: link.maxClicks,
    passwordHash: link.passwordHash,
    isDisabled: link.disabledAt !== null,
    forwardQuery: link.forwardQuery,
    rules: link.rules,
    card: link.card,
    redirectStatus: link.redirectStatus ?? 302,
    fallbackUrl: link.fallbackUrl,
    startsAt: link.startsAt,
    split: link.split,
  });
}
