/**
 * Bulk replay jobs: the matching requests, oldest first, each sent once through the replay service
 * (the same address guard, the same answer handling), one every 60/perMinute seconds. The job row
 * holds the results, so any instance answers for it and a cancel made anywhere stops it before its
 * next request; the owner's browsers hear every step (`replay-progress`, across instances).
 */
import { randomUUID } from 'node:crypto';
import {
  isSuccess,
  REPLAY_JOB_MAX_REQUESTS,
  type ReplayJob,
  type ReplayJobResult,
} from '../../../../shared/replay-jobs.js';
import { REPLAY_PROGRESS } from '../../../../shared/realtime.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, InvalidInputError, NotFoundError } from '../../http/errors.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { SearchFilter } from '../webhooks/event-search.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { ReplayJobRow, ReplayJobsRepo } from './replay-jobs.repo.js';
import type { ReplayService } from './replay.service.js';

/** A running job not written to for this long (its instance stopped) shows as interrupted. */
const STALE_AFTER_MS = 60_000;
const RECENT_JOBS = 20;
export const JOB_NOT_FOUND = 'This bulk replay does not exist.';
export const JOB_RUNNING =
  'A bulk replay is already running for this inspector: cancel it or wait until it ends.';

export interface StartJob {
  target: URL;
  ownOrigins: string[];
  perMinute: number;
  /** The selection; absent: every request the filter matches. */
  ids?: number[];
  filter: SearchFilter;
}

export interface ReplayJobsService {
  start(user: SessionUser, job: StartJob): Promise<ReplayJob>;
  get(user: SessionUser, id: string): Promise<ReplayJob>;
  list(user: SessionUser): Promise<ReplayJob[]>;
  /** Stops a running job before its next request; NotFoundError when the session has no such running job. */
  cancel(user: SessionUser, id: string): Promise<ReplayJob>;
  /** Stops sending (at shutdown); jobs left running show as interrupted. */
  close(): Promise<void>;
}

function toJob(row: ReplayJobRow, now: number, results?: ReplayJobResult[]): ReplayJob {
  const all = results ?? (JSON.parse(row.results) as ReplayJobResult[]);
  const succeeded = all.filter(isSuccess).length;
  const isStale = row.status === 'running' && now - row.updated_at > STALE_AFTER_MS;
  return {
    id: row.id,
    url: row.url,
    perMinute: row.per_minute,
    status: isStale ? 'interrupted' : (row.status as ReplayJob['status']),
    total: row.total,
    done: all.length,
    succeeded,
    failed: all.length - succeeded,
    results: all,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}

function withoutResults({ results: _results, ...job }: ReplayJob): Omit<ReplayJob, 'results'> {
  return job;
}

export function createReplayJobsService(deps: {
  repo: ReplayJobsRepo;
  webhooks: Pick<WebhooksService, 'matchingRows' | 'stored'>;
  replay: ReplayService;
  publisher: Publisher;
  now?: () => number;
}): ReplayJobsService {
  const now = deps.now ?? Date.now;
  const sending = new Set<Promise<void>>();
  let isClosed = false;

  /** The ids to send, oldest first; throws when there are none or too many. */
  async function idsFor(user: SessionUser, job: StartJob): Promise<number[]> {
    if (job.ids) {
      for (const id of job.ids) await deps.webhooks.stored(user, id);
      return [...new Set(job.ids)].sort((a, b) => a - b);
    }
    const ids: number[] = [];
    for await (const row of deps.webhooks.matchingRows(user, job.filter)) {
      ids.push(row.id);
      if (ids.length > REPLAY_JOB_MAX_REQUESTS) {
        throw new InvalidInputError(
          `The search matches more than ${REPLAY_JOB_MAX_REQUESTS} requests: narrow it to replay them in one job.`,
        );
      }
    }
    if (ids.length === 0) throw new InvalidInputError('No request matches: there is nothing to replay.');
    return ids.reverse();
  }

  async function sendAll(user: SessionUser, row: ReplayJobRow, ids: number[], job: StartJob): Promise<void> {
    const intervalMs = 60_000 / row.per_minute;
    const startedAt = performance.now();
    const results: ReplayJobResult[] = [];
    for (const [index, eventId] of ids.entries()) {
      const due = startedAt + index * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Cancelled on any instance while this one waited: nothing more is sent.
      if (isClosed || !(await deps.repo.isRunning(row.id))) return;
      const sentAt = performance.now();
      const result = await deps.replay.replay(user, eventId, job.target, {}, job.ownOrigins).then(
        (answer): ReplayJobResult => ({
          eventId,
          status: answer.status,
          durationMs: answer.durationMs,
          error: null,
        }),
        (error: unknown): ReplayJobResult => ({
          eventId,
          status: null,
          durationMs: Math.round(performance.now() - sentAt),
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      results.push(result);
      // A cancel that came while this request was out: its result is the last one kept.
      const isRunning = await deps.repo.saveResults(row.id, results, now());
      const progress = toJob({ ...row, updated_at: now() }, now(), results);
      deps.publisher.toUser(user.id, REPLAY_PROGRESS, { job: withoutResults(progress), result });
      if (!isRunning) return;
    }
    const finishedAt = now();
    await deps.repo.end(row.id, 'finished', finishedAt);
    const finished = toJob(
      { ...row, status: 'finished', finished_at: finishedAt, updated_at: finishedAt },
      finishedAt,
      results,
    );
    deps.publisher.toUser(user.id, REPLAY_PROGRESS, { job: withoutResults(finished) });
  }

  return {
    async start(user, job) {
      if (await deps.repo.running(user.sessionId, now() - STALE_AFTER_MS))
        throw new HttpError(409, JOB_RUNNING);
      const ids = await idsFor(user, job);
      const createdAt = now();
      const row: ReplayJobRow = {
        id: randomUUID(),
        session_id: user.sessionId,
        url: job.target.href,
        per_minute: job.perMinute,
        status: 'running',
        total: ids.length,
        results: '[]',
        created_at: createdAt,
        updated_at: createdAt,
        finished_at: null,
      };
      await deps.repo.create(row);
      const run = sendAll(user, row, ids, job)
        .catch(() => undefined)
        .finally(() => sending.delete(run));
      sending.add(run);
      return toJob(row, createdAt);
    },
    async get(user, id) {
      const row = await deps.repo.find(user.sessionId, id);
      if (!row) throw new NotFoundError(JOB_NOT_FOUND);
      return toJob(row, now());
    },
    async list(user) {
      const at = now();
      return (await deps.repo.recent(user.sessionId, RECENT_JOBS)).map((row) => toJob(row, at));
    },
    async cancel(user, id) {
      const at = now();
      if (!(await deps.repo.end(id, 'cancelled', at, user.sessionId))) {
        throw new NotFoundError('This bulk replay does not exist or is not running.');
      }
      const row = await deps.repo.find(user.sessionId, id);
      if (!row) throw new NotFoundError(JOB_NOT_FOUND);
      const job = toJob(row, at);
      deps.publisher.toUser(user.id, REPLAY_PROGRESS, { job: withoutResults(job) });
      return job;
    },
    async close() {
      isClosed = true;
      await Promise.all(sending);
    },
  };
}
