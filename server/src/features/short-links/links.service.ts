import { shortUrl, type ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { NotFoundError } from '../../http/errors.js';
import { createLinkCache, type CachedLink, type LinkCache } from './link-cache.js';
import { isLinkId, newLinkId } from './link-id.js';
import type { LinksRepo, StoredLink } from './links.repo.js';
import { checkLongUrl, locationOf } from './url-rules.js';

/** Where a request came in: the origin short URLs are built on and the names this server answers to. */
export interface LinkContext {
  apiBase: string;
  ownHostnames: string[];
}

export interface LinksService {
  /** The user's links, newest first. */
  list(user: SessionUser, apiBase: string): Promise<ShortUrl[]>;
  /** Shortens `url` under a new random id; InvalidInputError when the URL is not acceptable. */
  create(user: SessionUser, url: string, context: LinkContext): Promise<ShortUrl>;
  /** Points the link somewhere else; NotFoundError when the user has no such link, InvalidInputError for a bad URL. */
  update(user: SessionUser, id: string, url: string, context: LinkContext): Promise<ShortUrl>;
  /** Deletes the link and its clicks; NotFoundError when the user has no such link. */
  remove(user: SessionUser, id: string): Promise<void>;
  /** The user's link; NotFoundError when it does not exist or belongs to another session. */
  findOwned(user: SessionUser, id: string): Promise<StoredLink>;
  /** Where a short link leads, from memory when possible; null for an unknown id. */
  resolve(id: string): Promise<CachedLink | null>;
}

const NOT_FOUND_MESSAGE = 'This short URL does not exist or was deleted.';
const ID_ATTEMPTS = 5;

/** The API's view of a link; `timestamp` repeats `createdAt` because clients read either. */
export function toShortUrl(link: StoredLink, apiBase: string): ShortUrl {
  const createdAt = new Date(link.createdAt).toISOString();
  return {
    id: link.id,
    url: link.url,
    shortUrl: shortUrl(apiBase, link.id),
    clicks: link.clicks,
    createdAt,
    timestamp: createdAt,
  };
}

function cached(link: StoredLink, ownerUserId: string): CachedLink {
  return {
    id: link.id,
    url: link.url,
    location: locationOf(link.url),
    ownerSessionId: link.ownerSessionId,
    ownerUserId,
  };
}

export function createLinksService(deps: {
  repo: LinksRepo;
  cache?: LinkCache;
  /**
   * Tells other instances that a link changed, so they drop their cached copy; resolves when they
   * have (or gave up waiting). Awaited before answering, so that a redirect served by any instance
   * after the edit's answer already leads to the new place.
   */
  announceChange?: (id: string) => Promise<void>;
  now?: () => number;
}): LinksService {
  const { repo } = deps;
  const cache = deps.cache ?? createLinkCache();
  const announceChange = deps.announceChange ?? (() => Promise.resolve());
  const clock = deps.now ?? Date.now;
  let lastCreatedAt = 0;
  // Links list newest first by creation time and their ids are random, so two links made in the
  // same millisecond get distinct, increasing times to keep the order they were made in.
  const now = () => (lastCreatedAt = Math.max(clock(), lastCreatedAt + 1));

  async function findOwned(user: SessionUser, id: string): Promise<StoredLink> {
    const link = isLinkId(id) ? await repo.findOwned(user.sessionId, id) : null;
    if (!link) throw new NotFoundError(NOT_FOUND_MESSAGE);
    return link;
  }

  async function insertWithFreshId(user: SessionUser, url: string): Promise<StoredLink> {
    const createdAt = now();
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
      const link = { id: newLinkId(), ownerSessionId: user.sessionId, url, createdAt };
      if (await repo.insertIfFree(link)) return { ...link, clicks: 0 };
    }
    // Five collisions in a row in a space of 1.7 × 10^12 ids means something else is wrong.
    throw new Error(`no free short link id after ${ID_ATTEMPTS} attempts`);
  }

  return {
    async list(user, apiBase) {
      const links = await repo.listOwned(user.sessionId);
      return links.map((link) => toShortUrl(link, apiBase));
    },
    async create(user, url, context) {
      const link = await insertWithFreshId(user, checkLongUrl(url, context.ownHostnames));
      cache.set(cached(link, user.id));
      return toShortUrl(link, context.apiBase);
    },
    async update(user, id, url, context) {
      const checked = checkLongUrl(url, context.ownHostnames);
      const link = isLinkId(id) ? await repo.updateUrl(user.sessionId, id, checked) : null;
      if (!link) throw new NotFoundError(NOT_FOUND_MESSAGE);
      cache.set(cached(link, user.id));
      await announceChange(link.id);
      return toShortUrl(link, context.apiBase);
    },
    async remove(user, id) {
      const isDeleted = isLinkId(id) && (await repo.delete(user.sessionId, id));
      if (!isDeleted) throw new NotFoundError(NOT_FOUND_MESSAGE);
      cache.delete(id);
      await announceChange(id);
    },
    findOwned,
    async resolve(id) {
      if (!isLinkId(id)) return null;
      const hit = cache.get(id);
      if (hit) return hit;
      const generation = cache.generation();
      const target = await repo.findTarget(id);
      if (!target) return null;
      const link = { ...target, location: locationOf(target.url) };
      cache.fill(link, generation);
      return link;
    },
  };
}
