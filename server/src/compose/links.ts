/**
 * The URL Shortener's features, built and registered: links and their bulk tools, tags, history,
 * click webhooks, the redirect and its click counting, and the background work they need.
 */
import { createLinkHistoryRepo } from '../features/link-history/link-history.repo.js';
import { linkHistoryRoutes } from '../features/link-history/link-history.routes.js';
import {
  createLinkHistoryService,
  recordLinkHistory,
} from '../features/link-history/link-history.service.js';
import { checkDestination } from '../features/link-checks/destination-check.js';
import { createLinkChecksRepo } from '../features/link-checks/link-checks.repo.js';
import { linkChecksRoutes } from '../features/link-checks/link-checks.routes.js';
import {
  createLinkChecksService,
  startLinkCheckSchedule,
} from '../features/link-checks/link-checks.service.js';
import { resolveWithDns } from '../features/replay/address-guard.js';
import { linkQrRoutes } from '../features/link-qr/link-qr.routes.js';
import { createLinkQrService } from '../features/link-qr/link-qr.service.js';
import { createLinkSharesRepo } from '../features/link-shares/link-shares.repo.js';
import { linkSharesRoutes } from '../features/link-shares/link-shares.routes.js';
import { createLinkSharesService } from '../features/link-shares/link-shares.service.js';
import { sharedLinkRoutes } from '../features/link-shares/shared-link.routes.js';
import { linkBulkRoutes } from '../features/link-bulk/link-bulk.routes.js';
import { createLinkDelivery } from '../features/link-webhooks/link-delivery.js';
import { createLinkWebhooksRepo } from '../features/link-webhooks/link-webhooks.repo.js';
import { linkWebhooksRoutes } from '../features/link-webhooks/link-webhooks.routes.js';
import { createLinkWebhooksService } from '../features/link-webhooks/link-webhooks.service.js';
import { createOrphanVisitsRepo } from '../features/orphan-visits/orphan-visits.repo.js';
import { orphanVisitsRoutes } from '../features/orphan-visits/orphan-visits.routes.js';
import { createOrphanVisitsService } from '../features/orphan-visits/orphan-visits.service.js';
import { createAnalyticsRepo } from '../features/short-links/analytics.repo.js';
import { createClicksRepo } from '../features/short-links/clicks.repo.js';
import { createClicksService } from '../features/short-links/clicks.service.js';
import { geoLookup } from '../features/short-links/geo.js';
import { startIpAnonymizer } from '../features/short-links/ip-anonymizer.js';
import { createLinkCache } from '../features/short-links/link-cache.js';
import { createLinkPasswords } from '../features/short-links/link-passwords.js';
import { linksAdminRoutes } from '../features/short-links/links-admin.routes.js';
import { createLinksRepo } from '../features/short-links/links.repo.js';
import { linksRoutes } from '../features/short-links/links.routes.js';
import { createLinksService } from '../features/short-links/links.service.js';
import { analyticsRoutes } from '../features/short-links/analytics.routes.js';
import { redirectRoutes } from '../features/short-links/redirect.routes.js';
import { createTagsRepo } from '../features/short-links/tags.repo.js';
import { tagsRoutes } from '../features/short-links/tags.routes.js';
import { createTagsService } from '../features/short-links/tags.service.js';
import { createVisitorSalts, startSaltSweeper } from '../features/short-links/visitor-salts.js';
import { createVisitorSaltsRepo } from '../features/short-links/visitor-salts.repo.js';
import type { AppContext, RouteContext } from './context.js';

export type LinkFeatures = ReturnType<typeof createLinkFeatures>;

export function createLinkFeatures({
  config,
  database,
  realtime,
  publisher,
  metrics,
  reportError,
  delivery,
}: AppContext) {
  const { db } = database;
  const linkCache = createLinkCache();
  realtime.cluster.onLinkChange((id) => (id === null ? linkCache.clear() : linkCache.delete(id)));
  const historyRepo = createLinkHistoryRepo(db);
  const linksRepo = createLinksRepo(db, recordLinkHistory({ repo: historyRepo }));
  const orphanVisits = createOrphanVisitsService({ repo: createOrphanVisitsRepo(db) });
  const links = createLinksService({
    repo: linksRepo,
    cache: linkCache,
    announceChange: (id) => realtime.cluster.announceLinkChange(id),
    blockedHosts: config.blockedHosts,
    // Called only once requests are served, when the webhooks service below exists.
    onLinkEvent: (user, event) => linkWebhooks.noteLinkChange(user, event),
    onAliasRetired: (user, alias) => orphanVisits.retire(user, alias),
  });
  const endpoints = createLinkWebhooksRepo(db);
  const { outbox: messages, sender } = delivery;
  const linkWebhooks = createLinkWebhooksService({ repo: endpoints, messages, links, sender, reportError });
  delivery.addUser(createLinkDelivery({ repo: endpoints, sender, service: linkWebhooks }));
  const visitorSalts = createVisitorSalts(createVisitorSaltsRepo(db));
  const clicks = createClicksService({
    repo: createClicksRepo(db),
    analyticsRepo: createAnalyticsRepo(db, database.dialect),
    links,
    linksRepo,
    geo: geoLookup,
    publisher,
    salts: visitorSalts,
    ipRetentionDays: config.clickIpRetentionDays,
    onWrite: metrics.clickWrites,
    onCounted: (link, click) => linkWebhooks.noteClick(link, click),
  });
  const checks = createLinkChecksService({
    repo: createLinkChecksRepo(db),
    findLink: (user, id) => links.findOwned(user, id),
    checkDestination: (url) =>
      checkDestination(url, { allowPrivate: config.replayAllowPrivate, resolve: resolveWithDns }),
    announceBroken: (sessionId, linkId, data) => linkWebhooks.noteBrokenLink(sessionId, linkId, data),
  });
  const history = createLinkHistoryService({
    repo: historyRepo,
    findOwned: (user, id) => links.findOwned(user, id),
  });

  /** Starts the background work (IP anonymising, salt sweeping); answers its stop. */
  function start(): () => Promise<void> {
    const ipAnonymizer = startIpAnonymizer(clicks, reportError);
    const saltSweeper = startSaltSweeper(visitorSalts, reportError);
    // Off unless the operator sets LINK_CHECK_INTERVAL_HOURS: checks send requests to third parties.
    const checkSchedule =
      config.linkCheckIntervalHours > 0
        ? startLinkCheckSchedule(checks, config.linkCheckIntervalHours, reportError)
        : null;
    return async () => {
      await checkSchedule?.stop();
      await ipAnonymizer.stop();
      await saltSweeper.stop();
    };
  }

  /** Writes what is still batched. */
  async function flush(): Promise<void> {
    await clicks.flush();
    await linkWebhooks.flush();
  }

  return { links, clicks, visitorSalts, history, linkWebhooks, checks, orphanVisits, start, flush };
}

export async function registerLinkRoutes(context: RouteContext, features: LinkFeatures) {
  const { app, config, database, databaseOutage, metrics, limiter, admin } = context;
  const { links, clicks } = features;
  const { publicOrigin } = config;
  const createLimits = { perMinute: config.linkCreatePerMinute, perDay: config.linkCreatePerDay };
  await app.register(linksRoutes, { links, publicOrigin, limiter, createLimits });
  await app.register(linkBulkRoutes, { links, publicOrigin, limiter, createLimits });
  await app.register(linkHistoryRoutes, { history: features.history });
  await app.register(linkWebhooksRoutes, { linkWebhooks: features.linkWebhooks, publicOrigin });
  const tags = createTagsService({ repo: createTagsRepo(database.db) });
  await app.register(tagsRoutes, { tags });
  const linkShares = createLinkSharesService({
    repo: createLinkSharesRepo(database.db),
    findLink: (user, id) => links.findOwned(user, id),
    linkAnalytics: (user, id, apiBase, period) => clicks.analytics(user, id, apiBase, period),
    tagAnalytics: (user, tag, period) => tags.analytics(user, tag, period),
  });
  await app.register(linkSharesRoutes, { linkShares, publicOrigin });
  await app.register(sharedLinkRoutes, { linkShares, publicOrigin });
  const qr = createLinkQrService({ findLink: (user, id) => links.findOwned(user, id) });
  await app.register(linkQrRoutes, { qr, publicOrigin });
  await app.register(linkChecksRoutes, { checks: features.checks });
  await app.register(redirectRoutes, {
    links,
    clicks,
    orphanVisits: features.orphanVisits,
    publicOrigin,
    databaseOutage,
    passwords: createLinkPasswords(limiter),
    webDir: config.webDir,
    counts: { redirects: metrics.redirects, clicks: metrics.clicks },
  });
  await app.register(analyticsRoutes, { clicks, publicOrigin });
  await app.register(linksAdminRoutes, { links, admin, publicOrigin });
  await app.register(orphanVisitsRoutes, { orphanVisits: features.orphanVisits, admin });
}
