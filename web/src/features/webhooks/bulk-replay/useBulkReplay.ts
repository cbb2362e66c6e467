/**
 * The inspector's latest bulk replay: read once, then kept current by `replay-progress` events
 * (which come from whichever instance sends), with start and cancel.
 */
import { useCallback, useEffect, useState } from 'react';
import type { EventsFilter } from '../../../../../shared/event-search';
import { REPLAY_PROGRESS, type ReplayProgressPayload } from '../../../../../shared/realtime';
import type { ReplayJob } from '../../../../../shared/replay-jobs';
import { useRealtimeEvent } from '../../../session/useRealtimeEvent';
import { cancelBulkReplay, latestBulkReplay, startBulkReplay } from './api';

/** The job with one step of progress applied; steps of another job replace it. */
export function applyProgress(
  job: ReplayJob | null,
  { job: next, result }: ReplayProgressPayload,
): ReplayJob {
  const results = job?.id === next.id ? job.results : [];
  const known = result && results.some((each) => each.eventId === result.eventId);
  return { ...next, results: result && !known ? [...results, result] : results };
}

export function useBulkReplay() {
  const [job, setJob] = useState<ReplayJob | null>(null);
  useEffect(() => {
    let isCurrent = true;
    latestBulkReplay().then(
      (latest) => isCurrent && setJob((current) => current ?? latest),
      // No job to show is the same as none yet.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  useRealtimeEvent(REPLAY_PROGRESS, (payload) => setJob((current) => applyProgress(current, payload)));
  const start = useCallback(async (url: string, perMinute: number, filter: EventsFilter) => {
    const started = await startBulkReplay(url, perMinute, filter);
    // Its first steps may have come live before this answer: they are newer.
    setJob((current) => (current?.id === started.id ? current : started));
  }, []);
  const cancel = useCallback(async (id: string) => {
    const cancelled = await cancelBulkReplay(id);
    setJob((current) => (current?.id === id ? { ...cancelled } : current));
  }, []);
  return { job, start, cancel };
}
