/**
 * An inspector's lifetime, cap on kept requests and CORS switch, and its deletion by its owner. The capture path asks
 * `admitCapture`, answered from a per-session cache (one lookup, then memory) whose entries every
 * instance drops when a setting changes anywhere. `sweep` runs beside the instance's pruning:
 * it removes what expired inspectors hold and trims capped ones to their newest requests.
 */
import type { FastifyReply } from 'fastify';
import {
  MAX_LIFETIME_MS,
  parseDuration,
  type InspectorSettings,
  type InspectorSettingsChange,
} from '../../../../shared/inspectors.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, InvalidInputError, NotFoundError } from '../../http/errors.js';
import { createSessionCache, type SessionCacheBus } from '../session-cache/session-cache.js';
import type { SettingsRepo, StoredSettings } from './settings.repo.js';

const DEFAULTS: StoredSettings = { expiresAt: null, maxRequests: null, openCors: true, deletedAt: null };
/** Expired inspectors cleaned per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 50;
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
];

export function expiredMessage(expiresAt: number): string {
  return `This inspector expired at ${new Date(expiresAt).toISOString()}; it and its requests were removed.`;
}

export const DELETED_MESSAGE = 'No webhook URL here: this inspector was deleted.';

/** The capture path's question. */
export interface CaptureSettings {
  /**
   * Throws 404 when the inspector was deleted, 410 when it expired; takes the open CORS headers off the answer when the
   * inspector switched them off. Synchronous once the session is cached.
   */
  admitCapture(sessionId: string, reply: FastifyReply): void | Promise<void>;
}

export interface InspectorSettingsService extends CaptureSettings {
  get(user: SessionUser): Promise<InspectorSettings>;
  /** Applies the change (left-out fields stay); 400 for a time in the past or beyond the longest lifetime. */
  change(user: SessionUser, change: InspectorSettingsChange): Promise<InspectorSettings>;
  /**
   * Removes everything the inspector holds, frees its name (`onNameFreed` hears it) and marks it
   * deleted: its URL answers 404 from then on, on every instance.
   */
  remove(user: SessionUser, onNameFreed: (name: string) => Promise<void>): Promise<void>;
  /** True once the session's lifetime is over or it was deleted: it is never resumed. */
  hasEnded(sessionId: string): Promise<boolean>;
  /** Removes what expired inspectors hold and trims capped ones; `onRemoved` hears each removed inspector's name. */
  sweep(onRemoved: (name: string) => Promise<void>): Promise<void>;
}

function toView(settings: StoredSettings): InspectorSettings {
  return {
    expiresAt: settings.expiresAt === null ? null : new Date(settings.expiresAt).toISOString(),
    maxRequests: settings.maxRequests,
    cors: settings.openCors,
  };
}

export function createInspectorSettings(deps: {
  repo: SettingsRepo;
  bus?: SessionCacheBus;
  now?: () => number;
}): InspectorSettingsService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const cache = createSessionCache<StoredSettings>({ name: 'inspector-settings', bus: deps.bus });
  const read = (sessionId: string) =>
    cache.read(sessionId, async () => (await repo.find(sessionId)) ?? DEFAULTS);

  function admit(settings: StoredSettings, reply: FastifyReply): void {
    if (settings.deletedAt !== null) throw new NotFoundError(DELETED_MESSAGE);
    if (!settings.openCors) for (const header of CORS_HEADERS) reply.removeHeader(header);
    if (settings.expiresAt !== null && settings.expiresAt <= now())
      throw new HttpError(410, expiredMessage(settings.expiresAt));
  }

  function expiryOf(change: InspectorSettingsChange, current: number | null): number | null {
    if (change.expiresIn !== undefined) return now() + (parseDuration(change.expiresIn) ?? 0);
    if (change.expiresAt === undefined) return current;
    if (change.expiresAt === null) return null;
    const at = Date.parse(change.expiresAt);
    if (at <= now()) throw new InvalidInputError('expiresAt: must be in the future.');
    if (at > now() + MAX_LIFETIME_MS) throw new InvalidInputError('expiresAt: at most 365 days ahead.');
    return at;
  }

  return {
    admitCapture(sessionId, reply) {
      const settings = read(sessionId);
      if (!(settings instanceof Promise)) return admit(settings, reply);
      return settings.then((loaded) => admit(loaded, reply));
    },
    async get(user) {
      return toView((await repo.find(user.sessionId)) ?? DEFAULTS);
    },
    async change(user, change) {
      const current = (await repo.find(user.sessionId)) ?? DEFAULTS;
      const next: StoredSettings = {
        ...current,
        expiresAt: expiryOf(change, current.expiresAt),
        maxRequests: change.maxRequests === undefined ? current.maxRequests : change.maxRequests,
        openCors: change.cors ?? current.openCors,
      };
      if (!(await repo.update(user.sessionId, next))) throw new NotFoundError('No such inspector.');
      await cache.change(user.sessionId, next);
      return toView(next);
    },
    async remove(user, onNameFreed) {
      const deletedAt = now();
      const name = await repo.markDeleted(user.sessionId, deletedAt);
      await cache.change(user.sessionId, { ...DEFAULTS, deletedAt });
      if (name !== null) await onNameFreed(name);
    },
    async hasEnded(sessionId) {
      const settings = await read(sessionId);
      return settings.deletedAt !== null || (settings.expiresAt !== null && settings.expiresAt <= now());
    },
    async sweep(onRemoved) {
      for (const expired of await repo.expiredHolding(now(), SWEEP_BATCH)) {
        await repo.removeHoldings(expired.sessionId);
        if (expired.name !== null) await onRemoved(expired.name);
      }
      for (const capped of await repo.overCap()) await repo.keepNewest(capped.sessionId, capped.maxRequests);
    },
  };
}
