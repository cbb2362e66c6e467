/**
 * Builds the whole server from a config: storage, repos, services, realtime and routes.
 * It never listens; main.ts (or a test) decides where.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from './config.js';
import { openDatabase } from './db/connection.js';
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

export interface Services {
  sessions: SessionsService;
  webhooks: WebhooksService;
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

  const database = await openDatabase(config);
  const sessions = createSessionsService(createSessionsRepo(database.db));
  const realtime = await createRealtime(app.server, { sessions, redisUrl: config.redisUrl, logger: app.log });
  const publisher = createPublisher(realtime.io);
  const webhooks = createWebhooksService({
    repo: createWebhooksRepo(database.db),
    sessions,
    publisher,
    eventsPerSession: config.eventsPerSession,
  });
  app.decorate('services', { sessions, webhooks });

  const pruneTimer = setInterval(() => {
    webhooks
      .pruneTouchedSessions()
      .catch((error: unknown) => app.log.error({ err: error }, 'pruning failed'));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  app.addHook('preClose', async () => {
    clearInterval(pruneTimer);
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await webhooks.flush();
    await database.close();
  });

  registerErrorHandler(app);
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  await app.register(fastifyCookie);
  await app.register(identityPlugin, { sessions });
  await app.register(healthRoutes);
  await app.register(sessionsRoutes, { sessions });
  await app.register(eventsRoutes, { webhooks });
  await app.register(captureRoutes, { webhooks, captureMaxBytes: config.captureMaxBytes });
  await app.register(spaPlugin, { webDir: config.webDir, publicUrl: config.publicUrl });
  return app;
}
