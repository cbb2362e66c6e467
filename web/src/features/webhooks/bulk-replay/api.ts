/** Bulk replay calls: start a job for the filter on screen, cancel it, read the latest one. */
import { filterParams, type EventsFilter } from '../../../../../shared/event-search';
import { REPLAY_JOBS_PATH, replayJobPath, type ReplayJob } from '../../../../../shared/replay-jobs';
import { http } from '../../../lib/http';

export function startBulkReplay(url: string, perMinute: number, filter: EventsFilter): Promise<ReplayJob> {
  return http.post<ReplayJob>(REPLAY_JOBS_PATH, { url, perMinute, ...filterParams(filter) });
}

export function cancelBulkReplay(id: string): Promise<ReplayJob> {
  return http.delete<ReplayJob>(replayJobPath(id));
}

export async function latestBulkReplay(): Promise<ReplayJob | null> {
  const [latest] = await http.get<ReplayJob[]>(REPLAY_JOBS_PATH);
  return latest ?? null;
}
