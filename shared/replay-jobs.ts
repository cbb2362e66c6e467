/**
 * Bulk replay: the requests a search (or a selection) returns, sent again from the server to one
 * URL, one job at a time per session, in capture order, at a pace under the replay limit. What the
 * browser sends, and the job it gets back and follows live. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { replayTargetSchema } from './replay.js';

/** Requests one job sends at most; a search matching more must be narrowed. */
export const REPLAY_JOB_MAX_REQUESTS = 1000;

export const REPLAY_JOB_STATUSES = ['running', 'finished', 'cancelled', 'interrupted'] as const;
export type ReplayJobStatus = (typeof REPLAY_JOB_STATUSES)[number];

/** What one request of the job got: the target's status, or why there was none. */
export interface ReplayJobResult {
  eventId: number;
  /** The target's status; null when it could not be reached or the replay was refused. */
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface ReplayJob {
  id: string;
  url: string;
  /** Requests sent a minute at most. */
  perMinute: number;
  status: ReplayJobStatus;
  total: number;
  /** Requests sent so far (each has a result). */
  done: number;
  /** Results whose target answered 2xx. */
  succeeded: number;
  /** Results with another status, or none. */
  failed: number;
  results: ReplayJobResult[];
  createdAt: string;
  finishedAt: string | null;
}

/**
 * Body of POST /api/replay-jobs: the target, the pace, and either `ids` (a selection) or the
 * search filters of GET /api/events (`q`, `method`, `from`, `to`; none: every request).
 */
export const replayJobFields = {
  url: replayTargetSchema,
  perMinute: z
    .number({ error: 'perMinute must be a whole number of requests a minute.' })
    .int('perMinute must be a whole number of requests a minute.')
    .min(1, 'perMinute must be at least 1.')
    .optional(),
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of request ids.' })
    .min(1, 'ids must name at least one request.')
    .max(REPLAY_JOB_MAX_REQUESTS, `ids may name at most ${REPLAY_JOB_MAX_REQUESTS} requests.`)
    .optional(),
};

/** The jobs of the session, and one job. */
export const REPLAY_JOBS_PATH = '/api/replay-jobs';
export function replayJobPath(id: string): string {
  return `${REPLAY_JOBS_PATH}/${encodeURIComponent(id)}`;
}

/** A result counts as a success when the target answered 2xx. */
export function isSuccess(result: ReplayJobResult): boolean {
  return result.status !== null && result.status >= 200 && result.status < 300;
}
