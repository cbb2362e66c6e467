/**
 * The counts behind the list's badge: all of the session's requests ("282", though only a page of
 * them is loaded), or under a filter the matching ones of all ("12 of 340"). Asked of the server
 * when the filter changes, after a reconnect and after a "Clear all", and kept current from live
 * requests, deletes and undos in between. The server says the newest id it counted, so a live
 * request that arrived while it was counting is added only when it was not counted already. Live
 * requests that do not match the filter are counted as hidden until the filter changes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  filterKey,
  isFiltering,
  type EventsCount,
  type EventsFilter,
} from '../../../../../shared/event-search';
import { WEBHOOK_REQUEST } from '../../../../../shared/realtime';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { useOnConnect, useRealtimeEvent } from '../../../session/useRealtimeEvent';
import { countEvents } from './search-api';
import { eventMatches } from './event-filter';

export interface EventCounts {
  /** Null before the server has answered (or when it could not). */
  counts: EventsCount | null;
  hiddenNew: number;
  /**
   * To be called when a request was deleted; `matches` says whether it matched the filter (a listed
   * request did), else the filter's rule is applied to it.
   */
  noteRemoved: (event: WebhookEvent, matches?: boolean) => void;
  /** To be called when a deleted request came back. */
  noteRestored: (event: WebhookEvent) => void;
  /** To be called when the list was cleared: the counts are asked again. */
  recount: () => void;
}

interface LiveRequest {
  id: number;
  matches: boolean;
}

/** The counts of one filter, and the live requests above the server's newest id already added. */
interface Counted {
  key: string;
  counts: EventsCount;
  added: ReadonlySet<number>;
}

/** An answer of the count route, as opposed to anything else a proxy or an old server might give. */
const isCount = (value: unknown): value is EventsCount =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EventsCount).matching === 'number' &&
  typeof (value as EventsCount).total === 'number';

/** `counted` with a live request added, unless the server or an earlier event counted it already. */
function addLive(counted: Counted, live: LiveRequest): Counted {
  if (live.id <= (counted.counts.newestId ?? 0) || counted.added.has(live.id)) return counted;
  const { counts } = counted;
  return {
    key: counted.key,
    counts: { ...counts, total: counts.total + 1, matching: counts.matching + (live.matches ? 1 : 0) },
    added: new Set(counted.added).add(live.id),
  };
}

export function useEventCounts(filter: EventsFilter): EventCounts {
  const key = filterKey(filter);
  // Each value is kept with the filter it belongs to, so a new filter starts from nothing.
  const [counted, setCounted] = useState<Counted | null>(null);
  const [hidden, setHidden] = useState({ key, count: 0 });
  const [asked, setAsked] = useState(0);
  // Live requests since the count was asked: the answer may or may not include them.
  const sinceAsked = useRef<LiveRequest[]>([]);

  useEffect(() => {
    let isCurrent = true;
    sinceAsked.current = [];
    countEvents(filter).then(
      (counts) => {
        if (!isCurrent || !isCount(counts)) return;
        const answered: Counted = { key, counts, added: new Set() };
        setCounted(sinceAsked.current.reduce(addLive, answered));
      },
      // The badge then shows the plain number listed; the next change asks again.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
    // `key` stands for the filter's content; the object itself is new on every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asked]);

  const recount = useCallback(() => setAsked((count) => count + 1), []);
  // Requests may have come or gone while the socket was away.
  useOnConnect(recount);

  const adjust = useCallback(
    (matching: number, total: number) =>
      setCounted(
        (current) =>
          current && {
            ...current,
            counts: {
              ...current.counts,
              matching: Math.max(0, current.counts.matching + matching),
              total: Math.max(0, current.counts.total + total),
            },
          },
      ),
    [],
  );

  useRealtimeEvent(WEBHOOK_REQUEST, (event) => {
    if (event.isDeleted) return;
    const live = { id: event.id, matches: eventMatches(event, filter) };
    if (!live.matches) setHidden((current) => ({ key, count: current.key === key ? current.count + 1 : 1 }));
    sinceAsked.current.push(live);
    setCounted((current) => (current?.key === key ? addLive(current, live) : current));
  });

  const noteRemoved = useCallback(
    (event: WebhookEvent, matches = eventMatches(event, filter)) => adjust(matches ? -1 : 0, -1),
    // `key` stands for the filter's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [adjust, key],
  );
  const noteRestored = useCallback(
    (event: WebhookEvent) => adjust(eventMatches(event, filter) ? 1 : 0, 1),
    // `key` stands for the filter's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [adjust, key],
  );
  const isFiltered = isFiltering(filter);
  return {
    counts: counted?.key === key ? counted.counts : null,
    hiddenNew: isFiltered && hidden.key === key ? hidden.count : 0,
    noteRemoved,
    noteRestored,
    recount,
  };
}
