import type { AdminLink, ShortUrl } from '../../../../shared/links.js';
import type {
  LinkCreateBody,
  LinkUpdateBody,
  TargetingRule,
  TargetingRuleInput,
} from '../../../../shared/link-targeting.js';
import { byCodeUnits, normalizeTag } from '../../../../shared/link-tags.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { NotFoundError } from '../../http/errors.js';
import { splitToStore } from '../link-splits/splits.js';
import { rulesToStore } from '../link-targeting/targeting.js';
import { createLinkCache, toCachedLink, type CachedLink, type LinkCache } from './link-cache.js';
import { AliasTakenError, ExternalIdTakenError } from './link-errors.js';
import { isLinkId, newLinkId } from './link-id.js';
import { isExternalIdViolation, type LinkChange, type LinksRepo } from './links.repo.js';
import { type StoredLink } from './stored-link.js';
import { cached, toAdminLink, toShortUrl } from './link-views.js';
import { newRoutingOptions, routingOptionsOf } from './link-routing.js';
import { parseExpiry, passwordHashOf } from './option-values.js';
import { checkLongUrl } from './url-rules.js';

/** Where a request came in: the origin short URLs are built on and the names this server answers to. */
export interface LinkContext {
  apiBase: string;
  ownHostnames: string[];
}

/** Who creates a link, and how the creation is counted against the create limits. */
export interface Creator {
  user: SessionUser;
  /** Counts the creation once the URL is acceptable; throws TooManyRequestsError to refuse it. */
  countCreation(): Promise<void>;
}

export interface LinksService {
  /** The user's links, newest first; with `tag` (normalized here), only those carrying it. */
  list(user: SessionUser, apiBase: string, tag?: string): Promise<ShortUrl[]>;
  /**
   * Shortens `body.url` under the alias or a new random id. InvalidInputError when the URL or an
   * option is not acceptable, AliasTakenError (with a free variant) when the alias is in use,
   * TooManyRequestsError when `creator.countCreation` refuses.
   */
  create(creator: Creator, body: LinkCreateBody, context: LinkContext): Promise<ShortUrl>;
  /**
   * Changes the destination and the options sent; a new alias renames the link. NotFoundError when
   * the user has no such link, InvalidInputError for a bad URL, AliasTakenError for a used alias.
   */
  update(user: SessionUser, id: string, body: LinkUpdateBody, context: LinkContext): Promise<ShortUrl>;
  /** Deletes the link and its clicks; NotFoundError when the user has no such link. */
  remove(user: SessionUser, id: string): Promise<void>;
  /** The user's link with this externalId, or null. */
  findByExternalId(user: SessionUser, externalId: string): Promise<StoredLink | null>;
  /** The user's link; NotFoundError when it does not exist or belongs to another session. */
  findOwned(user: SessionUser, id: string): Promise<StoredLink>;
  /** Where a short link leads, from memory when possible; null for an unknown id. */
  resolve(id: string): Promise<CachedLink | null>;
  /** For admins: links whose id is `query` or whose destination host contains it, newest first. */
  search(query: string, apiBase: string): Promise<AdminLink[]>;
  /** For admins: disables or re-enables any link; NotFoundError when there is none. */
  setDisabled(id: string, isDisabled: boolean, apiBase: string): Promise<AdminLink>;
}

const NOT_FOUND_MESSAGE = 'This short URL does not exist or was deleted.';
const ID_ATTEMPTS = 5;
const ALIAS_VARIANTS = 20;
const SEARCH_LIMIT = 100;

/** A link created, changed or deleted by its owner; `url` is null on delete. */
export interface LinkEvent {
  event: 'link.created' | 'link.updated' | 'link.deleted';
  id: string;
  /** The id before an edit that renamed the link. */
  previousId?: string;
  url: string | null;
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
  blockedHosts?: readonly string[];
  /** Told of each link created, changed or deleted by its owner (click webhooks); must not wait or throw. */
  onLinkEvent?: (user: SessionUser, event: LinkEvent) => void;
  /** Told, and waited for, when the owner deletes a link or renames it away from `alias` (orphan visits). */
  onAliasRetired?: (user: SessionUser, alias: string) => Promise<void>;
}): LinksService {
  const { repo } = deps;
  const cache = deps.cache ?? createLinkCache();
  const announceChange = deps.announceChange ?? (() => Promise.resolve());
  const clock = deps.now ?? Date.now;
  const blockedHosts = deps.blockedHosts ?? [];
  let lastCreatedAt = 0;
  // Links list newest first by creation time and their ids are random, so two links made in the
  // same millisecond get distinct, increasing times to keep the order they were made in.
  const now = () => (lastCreatedAt = Math.max(clock(), lastCreatedAt + 1));

  async function findOwned(user: SessionUser, id: string): Promise<StoredLink> {
    const link = isLinkId(id) ? await repo.findOwned(user.sessionId, id) : null;
    if (!link) throw new NotFoundError(NOT_FOUND_MESSAGE);
    return link;
  }

  /** A free variant of a taken alias (`launch-2`, `launch-3`, …), or null when none of them is free. */
  async function freeVariantOf(alias: string): Promise<string | null> {
    for (let suffix = 2; suffix < 2 + ALIAS_VARIANTS; suffix++) {
      const tail = `-${suffix}`;
      const variant = alias.slice(0, 64 - tail.length) + tail;
      if (!(await repo.find(variant))) return variant;
    }
    return null;
  }

  async function insertLink(
    creator: Creator,
    url: string,
    body: LinkCreateBody,
    rules: TargetingRule[],
    routing: ReturnType<typeof newRoutingOptions> & Pick<StoredLink, 'split'>,
  ): Promise<StoredLink> {
    const createdAt = now();
    const options = {
      isAlias: Boolean(body.alias),
      expiresAt: parseExpiry(body.expiresAt, clock(), true) ?? null,
      maxClicks: body.maxClicks ?? null,
      passwordHash: (await passwordHashOf(body.password)) ?? null,
      forwardQuery: body.forwardQuery ?? true,
      rules,
      externalId: body.externalId ?? null,
      note: body.note ?? null,
      tags: body.tags ?? [],
      card: body.card ?? null,
      ...routing,
    };
    const base = { ownerSessionId: creator.user.sessionId, url, createdAt, ...options };
    // Stored sorted, as they are read back.
    const fresh = { clicks: 0, disabledAt: null, tags: [...options.tags].sort(byCodeUnits) };
    if (body.alias) {
      const link = { ...base, id: body.alias };
      if (await repo.insertIfFree(link)) return { ...link, ...fresh };
      throw new AliasTakenError(await freeVariantOf(body.alias));
    }
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
      const link = { ...base, id: newLinkId() };
      if (await repo.insertIfFree(link)) return { ...link, ...fresh };
    }
    // Five collisions in a row in a space of 1.7 × 10^12 ids means something else is wrong.
    throw new Error(`no free short link id after ${ID_ATTEMPTS} attempts`);
  }

  async function changeOf(
    id: string,
    body: LinkUpdateBody,
    url: string,
    rules: TargetingRule[] | undefined,
    context: LinkContext,
  ): Promise<LinkChange> {
    const isRename = body.alias !== undefined && body.alias !== id;
    return {
      url,
      // A past date on edit is accepted: it ends the link now.
      expiresAt: parseExpiry(body.expiresAt, clock(), false),
      maxClicks: body.maxClicks,
      passwordHash: await passwordHashOf(body.password),
      forwardQuery: body.forwardQuery,
      rules,
      externalId: body.externalId,
      note: body.note,
      tags: body.tags === null ? [] : body.tags,
      card: body.card,
      split: splitToStore(body.split, urlCheckOf(context)),
      ...routingOptionsOf(body, context.ownHostnames, blockedHosts),
      ...(isRename && { newId: body.alias, isAlias: true }),
    };
  }

  /** The link's own URL rules, for the destinations of its targeting rules and split variants too. */
  const urlCheckOf = (context: LinkContext) => (url: string) =>
    checkLongUrl(url, context.ownHostnames, blockedHosts);

  /** Rules as stored; undefined when not sent. */
  function checkedRules(rules: TargetingRuleInput[] | undefined, context: LinkContext) {
    return rules && rulesToStore(rules, urlCheckOf(context));
  }

  /** ExternalIdTakenError when another link of the session (not `exceptId`) has the externalId. */
  async function checkExternalIdFree(
    user: SessionUser,
    externalId: string | null | undefined,
    exceptId?: string,
  ) {
    if (!externalId) return;
    const holder = await repo.findByExternalId(user.sessionId, externalId);
    if (holder && holder.id !== exceptId) throw new ExternalIdTakenError(holder.id);
  }

  /** Runs a write; a link of the session given the same externalId meanwhile makes it answer 409. */
  async function guardExternalId<T>(
    user: SessionUser,
    externalId: string | null | undefined,
    write: () => Promise<T>,
  ) {
    try {
      return await write();
    } catch (error) {
      if (!externalId || !isExternalIdViolation(error)) throw error;
      const holder = await repo.findByExternalId(user.sessionId, externalId);
      throw new ExternalIdTakenError(holder?.id ?? null);
    }
  }

  /** Keeps this instance's cache right and tells the others after a link changed. */
  async function refresh(oldId: string, link: StoredLink | null, ownerUserId: string | null) {
    if (link?.id !== oldId) cache.delete(oldId);
    if (link && ownerUserId) cache.set(cached(link, ownerUserId));
    else if (link) cache.delete(link.id);
    await announceChange(oldId);
    if (link && link.id !== oldId) await announceChange(link.id);
  }

  return {
    async list(user, apiBase, tag) {
      // No tag (or a blank one) filters nothing; an unusable one is carried by no link.
      const wanted = !tag?.trim() ? undefined : (normalizeTag(tag) ?? '');
      const links = await repo.listOwned(user.sessionId, wanted);
      const at = clock();
      return links.map((link) => toShortUrl(link, apiBase, at));
    },
    async create(creator, body, context) {
      const url = checkLongUrl(body.url, context.ownHostnames, blockedHosts);
      const rules = checkedRules(body.rules, context) ?? [];
      const routing = {
        ...newRoutingOptions(body, context.ownHostnames, blockedHosts),
        split: splitToStore(body.split, urlCheckOf(context)) ?? null,
      };
      await checkExternalIdFree(creator.user, body.externalId);
      await creator.countCreation();
      const link = await guardExternalId(creator.user, body.externalId, () =>
        insertLink(creator, url, body, rules, routing),
      );
      cache.set(cached(link, creator.user.id));
      deps.onLinkEvent?.(creator.user, { event: 'link.created', id: link.id, url: link.url });
      return toShortUrl(link, context.apiBase, clock());
    },
    async update(user, id, body, context) {
      const checked = checkLongUrl(body.url, context.ownHostnames, blockedHosts);
      const rules = checkedRules(body.rules, context);
      if (!isLinkId(id)) throw new NotFoundError(NOT_FOUND_MESSAGE);
      await checkExternalIdFree(user, body.externalId, id);
      const change = await changeOf(id, body, checked, rules, context);
      const link = await guardExternalId(user, body.externalId, () =>
        repo.update(user.sessionId, id, change),
      );
      if (link === 'taken') throw new AliasTakenError(await freeVariantOf(body.alias ?? id));
      if (!link) throw new NotFoundError(NOT_FOUND_MESSAGE);
      await refresh(id, link, user.id);
      if (link.id !== id) await deps.onAliasRetired?.(user, id);
      deps.onLinkEvent?.(user, { event: 'link.updated', id: link.id, previousId: id, url: link.url });
      return toShortUrl(link, context.apiBase, clock());
    },
    async remove(user, id) {
      const isDeleted = isLinkId(id) && (await repo.delete(user.sessionId, id));
      if (!isDeleted) throw new NotFoundError(NOT_FOUND_MESSAGE);
      cache.delete(id);
      await announceChange(id);
      await deps.onAliasRetired?.(user, id);
      deps.onLinkEvent?.(user, { event: 'link.deleted', id, url: null });
    },
    findOwned,
    findByExternalId: (user, externalId) => repo.findByExternalId(user.sessionId, externalId),
    async resolve(id) {
      if (!isLinkId(id)) return null;
      const hit = cache.get(id);
      if (hit) return hit;
      const generation = cache.generation();
      const target = await repo.findTarget(id);
      if (!target) return null;
      const link = toCachedLink(target);
      cache.fill(link, generation);
      return link;
    },
    async search(query, apiBase) {
      const links = await repo.search(query, SEARCH_LIMIT);
      return links.map((link) => toAdminLink(link, apiBase));
    },
    async setDisabled(id, isDisabled, apiBase) {
      const link = isLinkId(id) ? await repo.setDisabledAt(id, isDisabled ? clock() : null) : null;
      if (!link) throw new NotFoundError(NOT_FOUND_MESSAGE);
      // The owner's user id is not at hand here; the next visit reads the link afresh.
      await refresh(id, link, null);
      return toAdminLink(link, apiBase);
    },
  };
}
