/**
 * Builds the whole server from a config: storage, repos, services, realtime and routes.
 * It never listens; main.ts (or a test) decides where.
 */
import cluster from 'node:cluster';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { sql } from 'kysely';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/connection.js';
import { returnFreeSpace } from './db/free-space.js';
import { watchStorage } from './db/storage-watch.js';
import { noteDatabaseOutage } from './db/unavailable.js';
import { createOutageLog } from './outage-log.js';
import { createClientErrorHandler } from './http/client-errors.js';
import { registerErrorHandler } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { registerLimiter } from './http/rate-limit/limiter.js';
import { enforceRouteAccess } from './http/route-access.js';
import { useZodRouteSchemas } from './http/validation.js';
import { identityPlugin } from './http/identity.js';
import { registerApiDocument } from './http/openapi/document.js';
import { openApiRoutes } from './http/openapi/openapi.routes.js';
import { listRegisteredRoutes } from './http/openapi/route-list.js';
import { spaPlugin } from './http/spa.js';
import { createPublisher } from './realtime/publisher.js';
import { createRealtime } from './realtime/socket.js';
import { createAccessRepo } from './features/access/access.repo.js';
import { accessRoutes } from './features/access/access.routes.js';
import {
  createAccessChecks,
  createAccessService,
  type AccessService,
} from './features/access/access.service.js';
import { createSharesRepo } from './features/shares/shares.repo.js';
import { sharesRoutes } from './features/shares/shares.routes.js';
import { createSharesService } from './features/shares/shares.service.js';
import { sharedRoutes } from './features/shares/shared.routes.js';
import { createSessionsRepo } from './features/sessions/sessions.repo.js';
import { defineNewSessionsLimit, sessionsRoutes } from './features/sessions/sessions.routes.js';
import { createNamesRepo } from './features/inspectors/names.repo.js';
import { namesAdminRoutes, namesRoutes } from './features/inspectors/names.routes.js';
import { createInspectorNames } from './features/inspectors/names.service.js';
import { createSettingsRepo } from './features/inspectors/settings.repo.js';
import { settingsRoutes } from './features/inspectors/settings.routes.js';
import { createInspectorSettings } from './features/inspectors/settings.service.js';
import { setupRoutes } from './features/inspectors/setup.routes.js';
import { createInspectorSetup } from './features/inspectors/setup.service.js';
import { createSessionsService, type SessionsService } from './features/sessions/sessions.service.js';
import { createSessionsAdminRepo } from './features/sessions/sessions-admin.repo.js';
import { sessionsAdminRoutes } from './features/sessions/sessions-admin.routes.js';
import {
  createSessionsAdminService,
  type SessionsAdminService,
} from './features/sessions/sessions-admin.service.js';
import { createMetricsRepo } from './features/metrics/metrics.repo.js';
import { metricsRoutes } from './features/metrics/metrics.routes.js';
import { createMetrics } from './features/metrics/metrics.service.js';
import { captureRoutes, EXTRA_CAPTURE_METHODS } from './features/webhooks/capture.routes.js';
import { createSecretsCache } from './features/signing-secrets/signing-secrets.judge.js';
import { createSigningSecretsRepo } from './features/signing-secrets/signing-secrets.repo.js';
import { signingSecretsRoutes } from './features/signing-secrets/signing-secrets.routes.js';
import { createSigningSecretsService } from './features/signing-secrets/signing-secrets.service.js';
import { eventsRoutes } from './features/webhooks/events.routes.js';
import { replayRoutes } from './features/replay/replay.routes.js';
import { replayJobsRoutes } from './features/replay/replay-jobs.routes.js';
import { createWebhooksRepo } from './features/webhooks/webhooks.repo.js';
import { createWebhooksService, type WebhooksService } from './features/webhooks/webhooks.service.js';
import { captureTypesRoutes } from './features/capture-types/types.routes.js';
import { createCaptureTypesService } from './features/capture-types/types.service.js';
import { createContractsRepo } from './features/contracts/contracts.repo.js';
import { contractsRoutes } from './features/contracts/contracts.routes.js';
import { createContractsCache, createContractsService } from './features/contracts/contracts.service.js';
import { createRulesCache } from './features/responses/rules-cache.js';
import { createResponsesRepo } from './features/responses/responses.repo.js';
import { responsesRoutes } from './features/responses/responses.routes.js';
import { createResponsesService } from './features/responses/responses.service.js';
import { createConformanceRepo } from './features/conformance/conformance.repo.js';
import { conformanceRoutes } from './features/conformance/conformance.routes.js';
import { createConformanceService } from './features/conformance/conformance.service.js';
import { forwardingRoutes } from './features/forwarding/forwarding.routes.js';
import { createResponders } from './features/forwarding/responders.js';
import { createStreamHub } from './features/forwarding/stream-hub.js';
import { createWaitsRepo } from './features/waits/waits.repo.js';
import { waitsRoutes } from './features/waits/waits.routes.js';
import { createWaitsService, type WaitsService } from './features/waits/waits.service.js';
import { createAnalyticsRepo } from './features/short-links/analytics.repo.js';
import { createClicksRepo } from './features/short-links/clicks.repo.js';
import { createClicksService, type ClicksService } from './features/short-links/clicks.service.js';
import { geoLookup } from './features/short-links/geo.js';
import { startIpAnonymizer } from './features/short-links/ip-anonymizer.js';
import { createLinkCache } from './features/short-links/link-cache.js';
import { createLinksRepo } from './features/short-links/links.repo.js';
import { linksRoutes } from './features/short-links/links.routes.js';
import { createTagsRepo } from './features/short-links/tags.repo.js';
import { tagsRoutes } from './features/short-links/tags.routes.js';
import { createTagsService } from './features/short-links/tags.service.js';
import { createLinksService, type LinksService } from './features/short-links/links.service.js';
import {
  createVisitorSalts,
  startSaltSweeper,
  type VisitorSalts,
} from './features/short-links/visitor-salts.js';
import { createVisitorSaltsRepo } from './features/short-links/visitor-salts.repo.js';
import { redirectRoutes } from './features/short-links/redirect.routes.js';
import { createLinkPasswords } from './features/short-links/link-passwords.js';
import { linksAdminRoutes } from './features/short-links/links-admin.routes.js';
import { createLinkHistoryRepo } from './features/link-history/link-history.repo.js';
import { linkHistoryRoutes } from './features/link-history/link-history.routes.js';
import { createLinkHistoryService, recordLinkHistory } from './features/link-history/link-history.service.js';
import { createDeliveryWorker } from './features/link-webhooks/delivery-worker.js';
import { createLinkWebhooksRepo } from './features/link-webhooks/link-webhooks.repo.js';
import { linkWebhooksRoutes } from './features/link-webhooks/link-webhooks.routes.js';
import { createLinkWebhooksService } from './features/link-webhooks/link-webhooks.service.js';
import { createMessagesRepo } from './features/link-webhooks/messages.repo.js';
import { createSender } from './features/link-webhooks/sender.js';
import { linkBulkRoutes } from './features/link-bulk/link-bulk.routes.js';
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
  visitorSalts: VisitorSalts;
  suggestions: SuggestionsService;
  admin: AdminService;
  sessionsAdmin: SessionsAdminService;
  waits: WaitsService;
  access: AccessService;
  /** Removes what expired inspectors hold and trims capped ones (run every PRUNE_INTERVAL_MS). */
  sweepInspectors(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The store itself, for tests that inspect it or inject faults; routes get services. */
    database: Database;
  }
}

const PRUNE_INTERVAL_MS = 30_000;
const STORAGE_PROBE_INTERVAL_MS = 1000;

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // One log line per request would cost more than a capture itself; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    connectionTimeout: config.httpLimits.idleTimeoutMs,
    keepAliveTimeout: config.httpLimits.keepAliveTimeoutMs,
    requestTimeout: config.httpLimits.requestTimeoutMs,
    clientErrorHandler: createClientErrorHandler(config.httpLimits.maxHeaderBytes),
    http: {
      headersTimeout: config.httpLimits.headersTimeoutMs,
      connectionsCheckingInterval: config.httpLimits.timeoutCheckIntervalMs,
      maxHeaderSize: config.httpLimits.maxHeaderBytes,
    },
  });
  for (const method of EXTRA_CAPTURE_METHODS) app.addHttpMethod(method, { hasBody: true });
  listRegisteredRoutes(app);
  useZodRouteSchemas(app);
  enforceRouteAccess(app);
  await registerApiDocument(app, config.publicOrigin?.origin ?? null);

  const databaseOutage = createOutageLog(app.log, {
    down: 'The database is unavailable: requests that need it answer 503 until it is back',
    up: 'The database is back',
  });
  // For work no request waits on: a database outage is logged once, anything else each time.
  const reportError = (error: unknown, message: string) => {
    if (!noteDatabaseOutage(databaseOutage, error)) app.log.error({ err: error }, message);
  };
  const database = await openDatabase(config, databaseOutage);
  // Counters handed to the services below; only an app that serves /metrics measures the process too.
  const metrics = createMetrics({
    processMetrics: config.metricsToken !== null,
    storageBudgetBytes: config.storageMaxBytes,
    reportError,
  });
  const sessions = createSessionsService(createSessionsRepo(database.db));
  const accessRepo = createAccessRepo(database.db);
  const accessChecks = createAccessChecks(accessRepo);
  const realtime = await createRealtime(app.server, {
    sessions,
    access: accessChecks,
    redisUrl: config.redisUrl,
    isWorker: cluster.isWorker,
    logger: app.log,
    databaseOutage,
  });
  const publisher = createPublisher(realtime.io, metrics.published, realtime.otherWorkers);
  const webhooksRepo = createWebhooksRepo(database.db);
  const streamHub = createStreamHub(realtime.cluster);
  const webhooks = createWebhooksService({
    repo: webhooksRepo,
    sessions,
    publisher,
    eventsPerSession: config.eventsPerSession,
    sessionStorageBytes: config.sessionStorageBytes,
    eventMaxAgeMs: config.eventMaxAgeMs,
    storageMaxBytes: config.storageMaxBytes,
    onRemoved: (report) => {
      if (report.budget) metrics.budgetRemovals(report.budget);
      app.log.info(report, 'removed captured requests past the storage limits');
    },
    afterRemovals: () => returnFreeSpace(database.db),
    onStored: (sessionId) => streamHub.stored(sessionId),
    onWrite: metrics.captureWrites,
  });
  const waits = createWaitsService({
    hub: streamHub,
    repo: createWaitsRepo(database.db),
    webhooksRepo,
    repairMs: config.streamKeepAliveMs,
    onError: (error) => reportError(error, 'a wait could not read new events'),
  });
  const responders = createResponders({
    hub: streamHub,
    cluster: realtime.cluster,
    repo: webhooksRepo,
    publisher,
    timeoutMs: config.forwardResponseTimeoutMs,
    logError: reportError,
  });
  realtime.cluster.onAccessEnded((ended) => streamHub.closeStreams(ended.sessionId, ended.keyId));
  const access = createAccessService({
    repo: accessRepo,
    checks: accessChecks,
    async endAccess({ user, keyId }) {
      realtime.endAccess(user.id, keyId);
      streamHub.closeStreams(user.sessionId, keyId);
      await realtime.cluster.announceAccessEnded({ sessionId: user.sessionId, keyId });
    },
  });
  const responses = createResponsesService({
    repo: createResponsesRepo(database.db),
    cache: createRulesCache(realtime.cluster),
  });
  const contracts = createContractsService({
    repo: createContractsRepo(database.db),
    cache: createContractsCache(realtime.cluster),
  });
  const conformance = createConformanceService({
    repo: createConformanceRepo(database.db),
    bus: realtime.cluster,
  });
  const names = createInspectorNames({ repo: createNamesRepo(database.db), bus: realtime.cluster });
  const sharesRepo = createSharesRepo(database.db);
  const inspectorSettings = createInspectorSettings({
    repo: createSettingsRepo(database.db),
    bus: realtime.cluster,
  });
  const sessionsAdmin = createSessionsAdminService({
    repo: createSessionsAdminRepo(database.db),
    bus: realtime.cluster,
    storageMaxBytes: config.storageMaxBytes,
  });
  const linkCache = createLinkCache();
  realtime.cluster.onLinkChange((id) => (id === null ? linkCache.clear() : linkCache.delete(id)));
  const linkHistoryRepo = createLinkHistoryRepo(database.db);
  const linksRepo = createLinksRepo(database.db, recordLinkHistory({ repo: linkHistoryRepo }));
  const links = createLinksService({
    repo: linksRepo,
    cache: linkCache,
    announceChange: (id) => realtime.cluster.announceLinkChange(id),
    blockedHosts: config.blockedHosts,
    // Called only once requests are served, when the webhooks service below exists.
    onLinkEvent: (user, event) => linkWebhooks.noteLinkChange(user, event),
  });
  const linkHistory = createLinkHistoryService({
    repo: linkHistoryRepo,
    findOwned: (user, id) => links.findOwned(user, id),
  });
  const linkWebhooksRepo = createLinkWebhooksRepo(database.db);
  const linkWebhookMessages = createMessagesRepo(database.db);
  const webhookSender = createSender({ allowPrivate: config.replayAllowPrivate });
  const linkWebhooks = createLinkWebhooksService({
    repo: linkWebhooksRepo,
    messages: linkWebhookMessages,
    links,
    sender: webhookSender,
    reportError,
  });
  const linkWebhookWorker = createDeliveryWorker({
    endpoints: linkWebhooksRepo,
    messages: linkWebhookMessages,
    sender: webhookSender,
    refreshActiveSessions: () => linkWebhooks.refreshActiveSessions(),
    hasActiveEndpoints: () => linkWebhooks.hasActiveEndpoints(),
    reportError,
    ...config.linkWebhookDelivery,
    onOutcome: metrics.linkWebhookDeliveries,
  });
  const visitorSalts = createVisitorSalts(createVisitorSaltsRepo(database.db));
  const clicks = createClicksService({
    repo: createClicksRepo(database.db),
    analyticsRepo: createAnalyticsRepo(database.db, database.dialect),
    links,
    linksRepo,
    geo: geoLookup,
    publisher,
    salts: visitorSalts,
    ipRetentionDays: config.clickIpRetentionDays,
    onWrite: metrics.clickWrites,
    onCounted: (link, click) => linkWebhooks.noteClick(link, click),
  });
  const suggestions = createSuggestionsService({
    repo: createSuggestionsRepo(database.db),
  });
  const adminRepo = createAdminRepo(database.db);
  const admin = createAdminService({
    repo: adminRepo,
    secret: await loadAdminSecret(adminRepo, config.adminSecret),
  });
  app.decorate('services', {
    sessions,
    webhooks,
    links,
    clicks,
    visitorSalts,
    suggestions,
    admin,
    sessionsAdmin,
    waits,
    access,
    sweepInspectors: () => inspectorSettings.sweep(names.forget),
  });
  app.decorate('database', database);
  const metricsRepo = createMetricsRepo(database.db);
  metrics.watch({
    openSockets: () => realtime.io.of('/').sockets.size,
    openStreams: () => streamHub.openCount(),
    openWaits: () => waits.openCount().waits,
    storedBytes: () => metricsRepo.storedBytes(),
  });
  const storage =
    database.dialect === 'sqlite'
      ? watchStorage(database.db, databaseOutage, { intervalMs: STORAGE_PROBE_INTERVAL_MS, reportError })
      : null;

  // Each instance prunes the sessions it captured into, and events past the age limit in every
  // session; two instances deleting the same rows at once is harmless (webhooks/retention.ts).
  const pruneTimer = setInterval(() => {
    webhooks.prune().catch((error: unknown) => reportError(error, 'pruning failed'));
    app.services
      .sweepInspectors()
      .catch((error: unknown) => reportError(error, 'removing expired inspectors failed'));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  const ipAnonymizer = startIpAnonymizer(clicks, reportError);
  linkWebhookWorker.start();
  const saltSweeper = startSaltSweeper(visitorSalts, reportError);

  app.addHook('preClose', async () => {
    clearInterval(pruneTimer);
    storage?.stop();
    await ipAnonymizer.stop();
    await linkWebhookWorker.stop();
    await saltSweeper.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await webhooks.flush();
    await clicks.flush();
    await linkWebhooks.flush();
    await database.close();
  });

  registerErrorHandler(app, { databaseOutage });
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  await app.register(fastifyCookie);
  await app.register(identityPlugin, { sessions, access: accessChecks });
  const limiter = await registerLimiter(app, {
    db: database.db,
    reportError,
    refusals: metrics.limitRefusals,
  });
  await app.register(healthRoutes, {
    storageProblem: async () => (storage ? storage.problem() : null),
    readiness: { database: () => sql`select 1`.execute(database.db), redis: realtime.pingRedis },
  });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  const newSessions = defineNewSessionsLimit(limiter, config.sessionsPerMinute);
  await app.register(sessionsRoutes, {
    sessions,
    newSessions,
    isPrivate: accessChecks.isPrivate,
    hasEnded: inspectorSettings.hasEnded,
  });
  await app.register(namesRoutes, { names, newSessions });
  await app.register(settingsRoutes, { settings: inspectorSettings, forgetName: names.forget });
  await app.register(setupRoutes, {
    setup: createInspectorSetup({ sessions, names, settings: inspectorSettings, responses, access }),
    newSessions,
    publicOrigin: config.publicOrigin,
  });
  await app.register(accessRoutes, { access });
  await app.register(eventsRoutes, { webhooks, publicOrigin: config.publicOrigin });
  const shares = createSharesService({ repo: sharesRepo, webhooksRepo, webhooks });
  await app.register(sharesRoutes, { shares, publicOrigin: config.publicOrigin });
  await app.register(sharedRoutes, { shares, publicOrigin: config.publicOrigin });
  await app.register(waitsRoutes, { waits });
  await app.register(replayRoutes, {
    webhooks,
    allowPrivate: config.replayAllowPrivate,
    perMinute: config.replayPerMinute,
    limiter,
    publicOrigin: config.publicOrigin,
    captureMaxBytes: config.captureMaxBytes,
  });
  await app.register(replayJobsRoutes, {
    db: database.db,
    webhooks,
    publisher,
    allowPrivate: config.replayAllowPrivate,
    perMinute: config.replayPerMinute,
    limiter,
    publicOrigin: config.publicOrigin,
  });
  await app.register(responsesRoutes, { responses });
  const signingSecrets = createSigningSecretsService({
    repo: createSigningSecretsRepo(database.db),
    cache: createSecretsCache(realtime.cluster),
  });
  await app.register(signingSecretsRoutes, { signingSecrets });
  await app.register(contractsRoutes, { contracts });
  await app.register(captureTypesRoutes, { types: createCaptureTypesService({ webhooks }) });
  await app.register(conformanceRoutes, { conformance });
  await app.register(captureRoutes, {
    webhooks,
    responses,
    conformance,
    responders,
    suspensions: sessionsAdmin,
    names,
    settings: inspectorSettings,
    captureMaxBytes: config.captureMaxBytes,
    counts: metrics.captures,
    judges: [signingSecrets.judge, contracts],
  });
  await app.register(forwardingRoutes, {
    repo: webhooksRepo,
    webhooks,
    hub: streamHub,
    publisher,
    responders,
    access: accessChecks,
    keepAliveMs: config.streamKeepAliveMs,
    captureMaxBytes: config.captureMaxBytes,
  });
  const linkCreateLimits = { perMinute: config.linkCreatePerMinute, perDay: config.linkCreatePerDay };
  await app.register(linksRoutes, {
    links,
    publicOrigin: config.publicOrigin,
    limiter,
    createLimits: linkCreateLimits,
  });
  await app.register(linkBulkRoutes, {
    links,
    publicOrigin: config.publicOrigin,
    limiter,
    createLimits: linkCreateLimits,
  });
  await app.register(linkHistoryRoutes, { history: linkHistory });
  await app.register(linkWebhooksRoutes, { linkWebhooks, publicOrigin: config.publicOrigin });
  await app.register(tagsRoutes, { tags: createTagsService({ repo: createTagsRepo(database.db) }) });
  await app.register(redirectRoutes, {
    links,
    clicks,
    publicOrigin: config.publicOrigin,
    databaseOutage,
    passwords: createLinkPasswords(limiter),
    webDir: config.webDir,
    counts: { redirects: metrics.redirects, clicks: metrics.clicks },
  });
  await app.register(suggestionsRoutes, { suggestions, limiter });
  await app.register(adminRoutes, { admin, webDir: config.webDir });
  await app.register(suggestionsAdminRoutes, { suggestions, admin });
  await app.register(openApiRoutes);
  await app.register(linksAdminRoutes, { links, admin, publicOrigin: config.publicOrigin });
  await app.register(sessionsAdminRoutes, { sessionsAdmin, admin });
  await app.register(namesAdminRoutes, { names, admin });
  await app.register(spaPlugin, {
    webDir: config.webDir,
    publicOrigin: config.publicOrigin,
    apiOrigin: config.apiOrigin,
  });
  return app;
}
