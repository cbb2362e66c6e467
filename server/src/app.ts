/**
 * Builds the whole server from a config: the store, realtime, and the features of the inspector
 * (compose/inspector.ts) and of the shortener (compose/links.ts), with the cross-cutting plugins
 * around them. It never listens; main.ts (or a test) decides where.
 */
import cluster from 'node:cluster';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { sql } from 'kysely';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/connection.js';
import { watchStorage } from './db/storage-watch.js';
import { noteDatabaseOutage } from './db/unavailable.js';
import { createOutageLog } from './outage-log.js';
import { isFirstWorker } from './worker-slot.js';
import { createClientErrorHandler } from './http/client-errors.js';
import { registerErrorHandler } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { registerLimiter } from './http/rate-limit/limiter.js';
import { enforceRouteAccess } from './http/route-access.js';
import { useSecurityHeaders } from './http/security-headers.js';
import { useZodRouteSchemas } from './http/validation.js';
import { identityPlugin } from './http/identity.js';
import { registerApiDocument } from './http/openapi/document.js';
import { openApiRoutes } from './http/openapi/openapi.routes.js';
import { listRegisteredRoutes } from './http/openapi/route-list.js';
import { spaPlugin } from './http/spa.js';
import { createPublisher } from './realtime/publisher.js';
import { createRealtime } from './realtime/socket.js';
import type { AppContext } from './compose/context.js';
import { createInspectorFeatures, registerInspectorRoutes } from './compose/inspector.js';
import { createDelivery } from './compose/delivery.js';
import { createLinkFeatures, registerLinkRoutes } from './compose/links.js';
import { createAccessRepo } from './features/access/access.repo.js';
import { createAccessChecks, type AccessService } from './features/access/access.service.js';
import { createSessionsRepo } from './features/sessions/sessions.repo.js';
import { createSessionsService, type SessionsService } from './features/sessions/sessions.service.js';
import type { SessionsAdminService } from './features/sessions/sessions-admin.service.js';
import { createMetricsRepo } from './features/metrics/metrics.repo.js';
import { metricsRoutes } from './features/metrics/metrics.routes.js';
import { createMetrics } from './features/metrics/metrics.service.js';
import { EXTRA_CAPTURE_METHODS } from './features/capture/capture.routes.js';
import { toWebhookEvent } from './features/webhooks/event-view.js';
import { createWebhooksRepo } from './features/webhooks/webhooks.repo.js';
import type { WebhooksService } from './features/webhooks/webhooks.service.js';
import type { WaitsService } from './features/waits/waits.service.js';
import type { ClicksService } from './features/short-links/clicks.service.js';
import type { LinksService } from './features/short-links/links.service.js';
import type { VisitorSalts } from './features/short-links/visitor-salts.js';
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
  const reportError = (error: unknown, message: string) => {
    if (!noteDatabaseOutage(databaseOutage, error)) app.log.error({ err: error }, message);
  };
  // One SQLite file takes one checkpointer: with workers, the first one's.
  const database = await openDatabase({ ...config, checkpointsWal: isFirstWorker }, databaseOutage);
  // Counters handed to the services below; only an app that serves /metrics measures the process too.
  const metrics = createMetrics({
    processMetrics: config.metricsToken !== null,
    storageBudgetBytes: config.storageMaxBytes,
    reportError,
  });
  // Realtime checks who may join a session's room, so sessions and access come before it; a
  // worker reads back the requests other workers captured, so the webhooks repo does too.
  const sessions = createSessionsService(createSessionsRepo(database.db));
  const accessRepo = createAccessRepo(database.db);
  const accessChecks = createAccessChecks(accessRepo);
  const webhooksRepo = createWebhooksRepo(database.db);
  const realtime = await createRealtime(app.server, {
    sessions,
    access: accessChecks,
    redisUrl: config.redisUrl,
    isWorker: cluster.isWorker,
    readStoredEvents: async (ids) =>
      (await webhooksRepo.findVisibleByIds(ids)).map((row) => toWebhookEvent(row)),
    logger: app.log,
    databaseOutage,
  });
  const publisher = createPublisher(realtime.io, {
    published: metrics.published,
    otherWorkers: realtime.otherWorkers,
    throughRedis: realtime.throughRedis,
  });
  const base = { app, config, database, realtime, publisher, metrics, databaseOutage, reportError };
  const context: AppContext = { ...base, delivery: createDelivery(base) };
  const inspector = createInspectorFeatures(context, { sessions, accessRepo, accessChecks, webhooksRepo });
  const shortener = createLinkFeatures(context);
  const suggestions = createSuggestionsService({ repo: createSuggestionsRepo(database.db) });
  const adminRepo = createAdminRepo(database.db);
  const admin = createAdminService({
    repo: adminRepo,
    secret: await loadAdminSecret(adminRepo, config.adminSecret),
  });
  app.decorate('services', {
    sessions,
    webhooks: inspector.webhooks,
    links: shortener.links,
    clicks: shortener.clicks,
    visitorSalts: shortener.visitorSalts,
    suggestions,
    admin,
    sessionsAdmin: inspector.sessionsAdmin,
    waits: inspector.waits,
    access: inspector.access,
    sweepInspectors: inspector.sweepInspectors,
  });
  app.decorate('database', database);
  const metricsRepo = createMetricsRepo(database.db);
  metrics.watch({
    openSockets: () => realtime.io.of('/').sockets.size,
    openStreams: () => inspector.streamHub.openCount(),
    openWaits: () => inspector.waits.openCount().waits,
    storedBytes: () => metricsRepo.storedBytes(),
  });
  const storage =
    database.dialect === 'sqlite'
      ? watchStorage(database.db, databaseOutage, { intervalMs: STORAGE_PROBE_INTERVAL_MS, reportError })
      : null;

  // Each instance prunes the sessions it captured into, and events past the age limit in every
  // session; two instances deleting the same rows at once is harmless (webhooks/retention.ts).
  const pruneTimer = setInterval(() => {
    inspector.webhooks.prune().catch((error: unknown) => reportError(error, 'pruning failed'));
    app.services
      .sweepInspectors()
      .catch((error: unknown) => reportError(error, 'removing expired inspectors failed'));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  const stopShortener = shortener.start();
  context.delivery.worker.start();

  app.addHook('preClose', async () => {
    clearInterval(pruneTimer);
    storage?.stop();
    await stopShortener();
    await context.delivery.worker.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await inspector.webhooks.flush();
    await inspector.relays.flush();
    await shortener.flush();
    await database.close();
  });

  registerErrorHandler(app, { databaseOutage });
  useSecurityHeaders(app);
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
  const routeContext = { ...context, limiter, admin };
  await registerInspectorRoutes(routeContext, inspector);
  await registerLinkRoutes(routeContext, shortener);
  await app.register(suggestionsRoutes, { suggestions, limiter });
  await app.register(adminRoutes, { admin, webDir: config.webDir });
  await app.register(suggestionsAdminRoutes, { suggestions, admin });
  await app.register(openApiRoutes);
  await app.register(spaPlugin, {
    webDir: config.webDir,
    publicOrigin: config.publicOrigin,
    apiOrigin: config.apiOrigin,
  });
  return app;
}
