/**
 * Conformance runs: arming, listing, disarming, and the report. The capture path asks
 * `armedRuns` through a per-session cache (features/session-cache): a session without runs
 * costs one cached lookup and no database read per capture; arming or disarming on any instance
 * replaces the entry everywhere.
 */
import {
  ARMED_RUNS_MAX,
  type ArmRun,
  type ConformanceReport,
  type ConformanceRun,
} from '../../../../shared/conformance.js';
import { compileRule, type RuleTarget } from '../../../../shared/rule-matching.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import { createSessionCache, type SessionCacheBus } from '../session-cache/session-cache.js';
import { toWebhookEvent } from '../webhooks/event-view.js';
import { RUNS_LISTED_MAX, type ConformanceRepo, type StoredRun } from './conformance.repo.js';
import { gradeRun } from './grading.js';

const NOT_FOUND = 'No conformance run with this id.';
const TOO_MANY = `At most ${ARMED_RUNS_MAX} runs may be armed at once; disarm one first.`;

/** A run as the capture path holds it: with its path test built once. */
export interface ArmedRun {
  run: StoredRun;
  target: RuleTarget;
}

export interface ConformanceService {
  /** Arms a run for the session; throws 409 when ARMED_RUNS_MAX are armed already. */
  arm(user: SessionUser, input: ArmRun): Promise<ConformanceRun>;
  /** The session's runs, newest first. */
  list(user: SessionUser): Promise<ConformanceRun[]>;
  /** The run's report as of now; throws NotFoundError for another session's or an unknown run. */
  report(user: SessionUser, id: number): Promise<ConformanceReport>;
  /** Ends the run now (it stops failing deliveries) and answers its report; NotFoundError as above. */
  disarm(user: SessionUser, id: number): Promise<ConformanceReport>;
  /** The session's armed runs, synchronously once cached (an empty list for most sessions). */
  armedRuns(sessionId: string): ArmedRun[] | Promise<ArmedRun[]>;
  /** Counts a delivery of a message for a run; answers how many the run has seen, this one included. */
  countDelivery(runId: number, messageKey: string): Promise<number>;
}

export function toPublicRun(run: StoredRun): ConformanceRun {
  return {
    id: run.id,
    path: run.path,
    failFirst: run.failFirst,
    failWith: run.failWith,
    minutes: run.minutes,
    createdAt: new Date(run.createdAt).toISOString(),
    endsAt: new Date(run.endsAt).toISOString(),
  };
}

export function createConformanceService(deps: {
  repo: ConformanceRepo;
  bus?: SessionCacheBus;
  now?: () => number;
}): ConformanceService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const cache = createSessionCache<ArmedRun[]>({ name: 'conformance-runs', bus: deps.bus });

  const compile = (runs: StoredRun[]): ArmedRun[] =>
    runs.map((run) => ({ run, target: compileRule({ method: '*', path: run.path }) }));

  async function refresh(sessionId: string): Promise<void> {
    await cache.change(sessionId, compile(await repo.armed(sessionId, now())));
  }

  async function reportOf(run: StoredRun): Promise<ConformanceReport> {
    const at = now();
    const rows = await repo.eventsBetween(run.sessionId, run.createdAt, Math.min(at, run.endsAt));
    return gradeRun(
      toPublicRun(run),
      rows.map((row) => toWebhookEvent(row)),
      run.endsAt > at,
    );
  }

  return {
    async arm(user, input) {
      const at = now();
      const armed = await repo.armed(user.sessionId, at);
      if (armed.length >= ARMED_RUNS_MAX) throw new HttpError(409, TOO_MANY);
      const run = await repo.insert({
        sessionId: user.sessionId,
        path: input.path,
        failFirst: input.failFirst,
        failWith: input.failWith,
        minutes: input.minutes,
        createdAt: at,
        endsAt: at + input.minutes * 60_000,
      });
      await cache.change(user.sessionId, compile([...armed, run]));
      return toPublicRun(run);
    },
    async list(user) {
      return (await repo.list(user.sessionId, RUNS_LISTED_MAX)).map(toPublicRun);
    },
    async report(user, id) {
      const run = await repo.find(user.sessionId, id);
      if (!run) throw new NotFoundError(NOT_FOUND);
      return reportOf(run);
    },
    async disarm(user, id) {
      if (!(await repo.end(user.sessionId, id, now()))) throw new NotFoundError(NOT_FOUND);
      await refresh(user.sessionId);
      const run = await repo.find(user.sessionId, id);
      if (!run) throw new NotFoundError(NOT_FOUND);
      return reportOf(run);
    },
    armedRuns(sessionId) {
      return cache.read(sessionId, async () => compile(await repo.armed(sessionId, now())));
    },
    countDelivery: (runId, messageKey) => repo.countDelivery(runId, messageKey),
  };
}
