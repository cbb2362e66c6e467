/**
 * The counts behind "12 of 340" while a filter is on: asked of the server when the filter
 * changes, then kept current from live requests and deletes. Live requests that do not match
 * are counted as hidden until the filter changes.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  filterKey,
  isFiltering,
  type EventsCount,
  type EventsFilter,
} from '../../../../../shared/event-search';
import { WEBHOOK_REQUEST } from '../../../../../shared/realtime';
import { useRealtimeEvent } from '../../../session/useRealtimeEvent';
import { countEvents } from './search-api';
import { eventMatches } from './event-filter';

export interface MatchCount {
  /** Null while no filter is on or before the server has answered. */
  counts: EventsCount | null;
  hiddenNew: number;
  /** To be called when a listed (so matching) request was deleted. */
  noteRemoved: () => void;
}

export function useMatchCount(filter: EventsFilter): MatchCount {
  const key = filterKey(filter);
  // Each value is kept with the filter it belongs to, so a new filter starts from nothing.
  const [counted, setCounted] = useState<{ key: string; counts: EventsCount } | null>(null);
  const [hidden, setHidden] = useState({ key, count: 0 });

  useEffect(() => {
    if (!isFiltering(filter)) return;
    let isCurrent = true;
    countEvents(filter).then(
      (counts) => isCurrent && setCounted({ key, counts }),
      // The badge then shows the plain number listed; the next filter change asks again.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
    // `key` stands for the filter's content; the object itself is new on every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const adjust = useCallback(
    (matching: number, total: number) =>
      setCounted(
        (current) =>
          current && {
            key: current.key,
            counts: { matching: current.counts.matching + matching, total: current.counts.total + total },
          },
      ),
    [],
  );

  useRealtimeEvent(WEBHOOK_REQUEST, (event) => {
    if (!isFiltering(filter) || event.isDeleted) return;
    const matches = eventMatches(event, filter);
    if (!matches) setHidden((current) => ({ key, count: current.key === key ? current.count + 1 : 1 }));
    adjust(matches ? 1 : 0, 1);
  });

  const noteRemoved = useCallback(() => adjust(-1, -1), [adjust]);
  const isCurrent = isFiltering(filter);
  return {
    counts: isCurrent && counted?.key === key ? counted.counts : null,
    hiddenNew: isCurrent && hidden.key === key ? hidden.count : 0,
    noteRemoved,
  };
}
