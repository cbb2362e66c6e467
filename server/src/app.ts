/**
 * Builds the whole server from a config: storage, repos, services, realtime and routes.
 * It never listens; main.ts (or a test) decides where.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { noteDatabaseOutage } from './db/unavailable.js';
import { createOutageLog } from './outage-log.js';
import { registerErrorHandler } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { identityPlugin } from './http/identity.js';
import { spaPlugin } from './http/spa.js';
import { createPublisher } from './realtime/publisher.js';
import { createRealtime } from './realtime/socket.js';
import { createSessionsRepo } from './features/sessions/sessions.repo.js';
import { sessionsRoutes } from './features/sessions/sessions.routes.js';
import { createSessionsService, type SessionsService } from './features/sessions/sessions.service.js';
import { captureRoutes, EXTRA_CAPTURE_METHODS } from './features/webhooks/capture.routes.js';
import { eventsRoutes } from './features/webhooks/events.routes.js';
import { createWebhooksRepo } from './features/webhooks/webhooks.repo.js';
import { createWebhooksService, type WebhooksService } from './features/webhooks/webhooks.service.js';
import { createAnalyticsRepo } from './features/short-links/analytics.repo.js';
import { createClicksRepo } from './features/short-links/clicks.repo.js';
import { createClicksService, type ClicksService } from './features/short-links/clicks.service.js';
import { loadGeoLookup } from './features/short-links/geo.js';
import { startIpAnonymizer } from './features/short-links/ip-anonymizer.js';
import { createLinkCache } from './features/short-links/link-cache.js';
import { createLinksRepo } from './features/short-links/links.repo.js';
import { linksRoutes } from './features/short-links/links.routes.js';
import { createLinksService, type LinksService } from './features/short-links/links.service.js';
import { redirectRoutes } from './features/short-links/redirect.routes.js';
import { createAdminRepo } from './features/admin/admin.repo.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { loadAdminSecret } from './features/admin/admin-secret.js';
import { createAdminService, type AdminService } from './features/admin/admin.service.js';
import { createSuggestionsRepo } from './features/suggestions/suggestions.repo.js';
import { suggestionsRoutes } from './features/suggestions/suggestions.routes.js';
import { suggestionsAdminRoutes } from './features/suggestions/suggestions-admin.routes.js';
import {
  createSuggestionsService,
  type SuggestionsService,
} from './features/suggestions/suggestions.service.js';

export interface Services {
  sessions: SessionsService;
  webhooks: WebhooksService;
  links: LinksService;
  clicks: ClicksService;
  suggestions: SuggestionsService;
  admin: AdminService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const PRUNE_INTERVAL_MS = 30_000;

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // One log line per request would cost more than a capture itself; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
  });
  for (const method of EXTRA_CAPTURE_METHODS) app.addHttpMethod(method, { hasBody: true });

  const databaseOutage = createOutageLog(app.log, {
    down: 'The database is unavailable: requests that need it answer 503 until it is back',
    up: 'The database is back',
  });
  // For work no request waits on: a database outage is logged once, anything else each time.
  const reportError = (error: unknown, message: string) => {
    if (!noteDatabaseOutage(databaseOutage, error)) app.log.error({ err: error }, message);
  };
  const database = await openDatabase(config, databaseOutage);
  const sessions = createSessionsService(createSessionsRepo(database.db));
  const realtime = await createRealtime(app.server, {
    sessions,
    redisUrl: config.redisUrl,
    logger: app.log,
    databaseOutage,
  });
  const publisher = createPublisher(realtime.io);
  const webhooks = createWebhooksService({
    repo: createWebhooksRepo(database.db),
    sessions,
    publisher,
    eventsPerSession: config.eventsPerSession,
  });
  const linkCache = createLinkCache();
  realtime.cluster.onLinkChange((id) => (id === null ? linkCache.clear() : linkCache.delete(id)));
  const links = createLinksService({
    repo: createLinksRepo(database.db),
    cache: linkCache,
    announceChange: (id) => realtime.cluster.announceLinkChange(id),
  });
  const clicks = createClicksService({
    repo: createClicksRepo(database.db),
    analyticsRepo: createAnalyticsRepo(database.db, database.dialect),
    links,
    geo: await loadGeoLookup(),
    publisher,
    ipRetentionDays: config.clickIpRetentionDays,
  });
  const suggestions = createSuggestionsService({
    repo: createSuggestionsRepo(database.db, database.dialect),
  });
  const adminRepo = createAdminRepo(database.db);
  const admin = createAdminService({
    repo: adminRepo,
    secret: await loadAdminSecret(adminRepo, config.adminSecret),
  });
  app.decorate('services', { sessions, webhooks, links, clicks, suggestions, admin });

  // Each instance prunes the sessions it captured into; see pruneTouchedSessions for why two
  // instances pruning the same session at once is harmless.
  const pruneTimer = setInterval(() => {
    webhooks.pruneTouchedSessions().catch((error: unknown) => reportError(error, 'pruning failed'));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  const ipAnonymizer = startIpAnonymizer(clicks, reportError);

  app.addHook('preClose', async () => {
    clearInterval(pruneTimer);
    await ipAnonymizer.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await webhooks.flush();
    await clicks.flush();
    await database.close();
  });

  registerErrorHandler(app, { databaseOutage });
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  await app.register(fastifyCookie);
  await app.register(identityPlugin, { sessions });
  await app.register(healthRoutes);
  await app.register(sessionsRoutes, { sessions });
  await app.register(eventsRoutes, { webhooks, publicUrl: config.publicUrl });
  await app.register(captureRoutes, { webhooks, captureMaxBytes: config.captureMaxBytes });
  await app.register(linksRoutes, { links, publicUrl: config.publicUrl });
  await app.register(redirectRoutes, {
    links,
    clicks,
    publicUrl: config.publicUrl,
    databaseOutage,
  });
  await app.register(suggestionsRoutes, { suggestions });
  await app.register(adminRoutes, { admin });
  await app.register(suggestionsAdminRoutes, { suggestions, admin });
  await app.register(spaPlugin, { webDir: config.webDir, publicUrl: config.publicUrl });
  return app;
}
