/** API calls the bulk replay tests repeat. */
import type { FastifyInstance } from 'fastify';
import { REPLAY_JOBS_PATH, replayJobPath, type ReplayJob } from '../../../../shared/replay-jobs.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser } from '../../../test/factories.js';

export function startJob(app: FastifyInstance, user: SessionUser, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: REPLAY_JOBS_PATH, headers: asUser(user), payload: body });
}

export async function jobOf(app: FastifyInstance, user: SessionUser, id: string): Promise<ReplayJob> {
  return (
    await app.inject({ method: 'GET', url: replayJobPath(id), headers: asUser(user) })
  ).json<ReplayJob>();
}
