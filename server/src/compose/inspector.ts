/**
 * The Webhook Inspector's features, built and registered: capture and what judges and answers it,
 * the events API, waits, forwarding, replay, sharing, inspectors' names and settings, keys.
 */
import { returnFreeSpace } from '../db/free-space.js';
import { accessRoutes } from '../features/access/access.routes.js';
import type { AccessRepo } from '../features/access/access.repo.js';
import { createAccessService } from '../features/access/access.service.js';
import { createCallbacksRepo } from '../features/callbacks/callbacks.repo.js';
import { createCallbacksService } from '../features/callbacks/callbacks.service.js';
import { callbackStarter } from '../features/callbacks/capture-callbacks.js';
import { captureTypesRoutes } from '../features/capture-types/types.routes.js';
import { createCaptureTypesService } from '../features/capture-types/types.service.js';
import { createConformanceRepo } from '../features/conformance/conformance.repo.js';
import { conformanceRoutes } from '../features/conformance/conformance.routes.js';
import { createConformanceService } from '../features/conformance/conformance.service.js';
import { createContractsRepo } from '../features/contracts/contracts.repo.js';
import { contractsRoutes } from '../features/contracts/contracts.routes.js';
import { createContractsCache, createContractsService } from '../features/contracts/contracts.service.js';
import { forwardingRoutes } from '../features/forwarding/forwarding.routes.js';
import { createResponders } from '../features/forwarding/responders.js';
import { createStreamHub } from '../features/forwarding/stream-hub.js';
import { createNamesRepo } from '../features/inspectors/names.repo.js';
import { namesAdminRoutes, namesRoutes } from '../features/inspectors/names.routes.js';
import { createInspectorNames } from '../features/inspectors/names.service.js';
import { createSettingsRepo } from '../features/inspectors/settings.repo.js';
import { settingsRoutes } from '../features/inspectors/settings.routes.js';
import { createInspectorSettings } from '../features/inspectors/settings.service.js';
import { setupRoutes } from '../features/inspectors/setup.routes.js';
import { createInspectorSetup } from '../features/inspectors/setup.service.js';
import { replayJobsRoutes } from '../features/replay/replay-jobs.routes.js';
import { replayRoutes, replayServiceOf } from '../features/replay/replay.routes.js';
import { createResponsesRepo } from '../features/responses/responses.repo.js';
import { responsesRoutes } from '../features/responses/responses.routes.js';
import { createResponsesService } from '../features/responses/responses.service.js';
import { createRulesCache } from '../features/responses/rules-cache.js';
import { relaysRoutes } from '../features/relays/relays.routes.js';
import { defineNewSessionsLimit, sessionsRoutes } from '../features/sessions/sessions.routes.js';
import type { SessionsService } from '../features/sessions/sessions.service.js';
import { createSessionsAdminRepo } from '../features/sessions/sessions-admin.repo.js';
import { sessionsAdminRoutes } from '../features/sessions/sessions-admin.routes.js';
import { createSessionsAdminService } from '../features/sessions/sessions-admin.service.js';
import { sharedRoutes } from '../features/shares/shared.routes.js';
import { createSharesRepo } from '../features/shares/shares.repo.js';
import { sharesRoutes } from '../features/shares/shares.routes.js';
import { createSharesService } from '../features/shares/shares.service.js';
import { createSecretsCache } from '../features/signing-secrets/signing-secrets.judge.js';
import { createSigningSecretsRepo } from '../features/signing-secrets/signing-secrets.repo.js';
import { signingSecretsRoutes } from '../features/signing-secrets/signing-secrets.routes.js';
import { createSigningSecretsService } from '../features/signing-secrets/signing-secrets.service.js';
import { createWaitsRepo } from '../features/waits/waits.repo.js';
import { waitsRoutes } from '../features/waits/waits.routes.js';
import { createWaitsService } from '../features/waits/waits.service.js';
import { captureRoutes } from '../features/capture/capture.routes.js';
import { eventsRoutes } from '../features/webhooks/events.routes.js';
import type { WebhooksRepo } from '../features/webhooks/webhooks.repo.js';
import { createWebhooksService } from '../features/webhooks/webhooks.service.js';
import type { AccessChecks } from '../http/identity.js';
import type { AppContext, RouteContext } from './context.js';
import { createRelays } from './relays.js';

export type InspectorFeatures = ReturnType<typeof createInspectorFeatures>;

/**
 * The inspector's services; `sessions`, the access checks and the webhooks repo come first, as
 * realtime needs them.
 */
export function createInspectorFeatures(
  context: AppContext,
  {
    sessions,
    accessRepo,
    accessChecks,
    webhooksRepo,
  }: {
    sessions: SessionsService;
    accessRepo: AccessRepo;
    accessChecks: AccessChecks;
    webhooksRepo: WebhooksRepo;
  },
) {
  const { app, config, database, realtime, publisher, metrics, reportError } = context;
  const { db } = database;
  const bus = realtime.cluster;
  const streamHub = createStreamHub(bus);
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
    afterRemovals: () => returnFreeSpace(db),
    onStored: (sessionId) => streamHub.stored(sessionId),
    onWrite: metrics.captureWrites,
  });
  const waits = createWaitsService({
    hub: streamHub,
    repo: createWaitsRepo(db),
    webhooksRepo,
    repairMs: config.streamKeepAliveMs,
    onError: (error) => reportError(error, 'a wait could not read new events'),
  });
  const responders = createResponders({
    hub: streamHub,
    cluster: bus,
    repo: webhooksRepo,
    publisher,
    timeoutMs: config.forwardResponseTimeoutMs,
    logError: reportError,
  });
  bus.onAccessEnded((ended) => streamHub.closeStreams(ended.sessionId, ended.keyId));
  const access = createAccessService({
    repo: accessRepo,
    checks: accessChecks,
    async endAccess({ user, keyId }) {
      realtime.endAccess(user.id, keyId);
      streamHub.closeStreams(user.sessionId, keyId);
      await bus.announceAccessEnded({ sessionId: user.sessionId, keyId });
    },
  });
  const names = createInspectorNames({ repo: createNamesRepo(db), bus });
  const settings = createInspectorSettings({ repo: createSettingsRepo(db), bus });
  return {
    sessions,
    accessChecks,
    webhooksRepo,
    streamHub,
    webhooks,
    waits,
    responders,
    access,
    names,
    settings,
    relays: createRelays(context, { webhooksRepo, webhooks }),
    responses: createResponsesService({ repo: createResponsesRepo(db), cache: createRulesCache(bus) }),
    contracts: createContractsService({ repo: createContractsRepo(db), cache: createContractsCache(bus) }),
    signingSecrets: createSigningSecretsService({
      repo: createSigningSecretsRepo(db),
      cache: createSecretsCache(bus),
    }),
    conformance: createConformanceService({ repo: createConformanceRepo(db), bus }),
    sessionsAdmin: createSessionsAdminService({
      repo: createSessionsAdminRepo(db),
      bus,
      storageMaxBytes: config.storageMaxBytes,
    }),
    shares: createSharesService({ repo: createSharesRepo(db), webhooksRepo, webhooks }),
    /** Removes what expired inspectors hold and trims capped ones. */
    sweepInspectors: () => settings.sweep(names.forget),
  };
}

export async function registerInspectorRoutes(context: RouteContext, features: InspectorFeatures) {
  const { app, config, database, publisher, metrics, limiter, admin } = context;
  const { sessions, webhooks, names, settings, responses, access, shares } = features;
  const { publicOrigin } = config;
  const newSessions = defineNewSessionsLimit(limiter, config.sessionsPerMinute);
  const replayLimits = {
    allowPrivate: config.replayAllowPrivate,
    perMinute: config.replayPerMinute,
    limiter,
    publicOrigin,
  };
  await app.register(sessionsRoutes, {
    sessions,
    newSessions,
    isPrivate: features.accessChecks.isPrivate,
    hasEnded: settings.hasEnded,
  });
  await app.register(namesRoutes, { names, newSessions });
  await app.register(settingsRoutes, { settings, forgetName: names.forget });
  await app.register(setupRoutes, {
    setup: createInspectorSetup({ sessions, names, settings, responses, access }),
    newSessions,
    publicOrigin,
  });
  await app.register(accessRoutes, { access });
  await app.register(eventsRoutes, { webhooks, publicOrigin });
  await app.register(sharesRoutes, { shares, publicOrigin });
  await app.register(sharedRoutes, { shares, publicOrigin });
  await app.register(waitsRoutes, { waits: features.waits });
  await app.register(replayRoutes, { webhooks, ...replayLimits, captureMaxBytes: config.captureMaxBytes });
  await app.register(replayJobsRoutes, { db: database.db, webhooks, publisher, ...replayLimits });
  await app.register(responsesRoutes, { responses });
  await app.register(relaysRoutes, { relays: features.relays });
  await app.register(signingSecretsRoutes, { signingSecrets: features.signingSecrets });
  await app.register(contractsRoutes, { contracts: features.contracts });
  await app.register(captureTypesRoutes, { types: createCaptureTypesService({ webhooks }) });
  await app.register(conformanceRoutes, { conformance: features.conformance });
  const callbacks = createCallbacksService({
    repo: createCallbacksRepo(database.db),
    publisher,
    replay: replayServiceOf(app, { webhooks, allowPrivate: config.replayAllowPrivate }),
    isOff: config.replayPerMinute === 0,
    logError: context.reportError,
  });
  app.addHook('preClose', () => callbacks.close());
  await app.register(captureRoutes, {
    webhooks,
    responses,
    relays: features.relays,
    conformance: features.conformance,
    responders: features.responders,
    suspensions: features.sessionsAdmin,
    names,
    settings,
    captureMaxBytes: config.captureMaxBytes,
    counts: metrics.captures,
    judges: [features.signingSecrets.judge, features.contracts],
    startCallback: callbackStarter({ callbacks, limiter, perMinute: config.replayPerMinute, publicOrigin }),
  });
  await app.register(forwardingRoutes, {
    repo: features.webhooksRepo,
    webhooks,
    hub: features.streamHub,
    publisher,
    responders: features.responders,
    access: features.accessChecks,
    keepAliveMs: config.streamKeepAliveMs,
    captureMaxBytes: config.captureMaxBytes,
  });
  await app.register(sessionsAdminRoutes, { sessionsAdmin: features.sessionsAdmin, admin });
  await app.register(namesAdminRoutes, { names, admin });
}
