/**
 * The request list of the current session: the first page once mounted, live `webhook-request`
 * events on top, a catch-up after every socket (re)connect so nothing sent while the socket was
 * away goes missing, older pages on demand, selection, delete (and its undo), "Clear all" from this
 * page or any other, and what forwarders report.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filterKey, type EventsFilter } from '../../../../shared/event-search';
import {
  WEBHOOK_FORWARDED,
  WEBHOOK_CALLBACK,
  WEBHOOK_REQUEST,
  WEBHOOK_RESPONSE,
  WEBHOOKS_CLEARED,
} from '../../../../shared/realtime';
import { EVENTS_PAGE_DEFAULT, type WebhookEvent } from '../../../../shared/webhooks';
import { useOnConnect, useRealtimeEvent } from '../../session/useRealtimeEvent';
import { clearEvents, deleteEvent, listEvents, listEventsAfter, restoreEvent } from './api';
import {
  addLiveEvent,
  applyCaughtUp,
  applyFirstPage,
  applyForwarded,
  applyCallback,
  applyOlderPage,
  clearUpTo,
  hasGap,
  applyResponse,
  initialListState,
  newestAhead,
  removeEvent,
  restartList,
  restoreEvent as restoreListed,
  selectedEvent,
  selectEvent,
  type ListState,
} from './list-state';
import { offerUndo } from './components/undo-toast';
import { messages } from './messages';
import { eventMatches } from './search/event-filter';

export interface WebhookEventsView {
  events: WebhookEvent[];
  selected: WebhookEvent | null;
  isLoaded: boolean;
  loadFailed: boolean;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  olderFailed: boolean;
  select: (id: number) => void;
  remove: (id: number) => void;
  /** Brings a deleted request back (Undo); false when the server could not. */
  restore: (event: WebhookEvent) => Promise<boolean>;
  /** Deletes every request of the session; false when the server refused. */
  clearAll: () => Promise<boolean>;
  loadOlder: () => void;
  retryLoad: () => void;
}

/** What the page hears of changes to the list beside what it shows (counts, the Undo offer). */
export interface ListChanges {
  /** A listed (so matching) request was deleted from this page; `event` is what it was. */
  onRemoved?: (event: WebhookEvent) => void;
  /** A deleted request came back. */
  onRestored?: (event: WebhookEvent) => void;
  /** The list was cleared, from this page or another. */
  onCleared?: () => void;
}

/** How long a gap in the live chain may last before the missing events are read from the server. */
const GAP_WAIT_MS = 1000;

/** Runs `run` now, or once more right after the run in progress; never two at a time. */
function useSerialTask(run: () => Promise<void>): () => Promise<void> {
  const task = useRef({ isRunning: false, isDue: false });
  return useCallback(async () => {
    const current = task.current;
    current.isDue = true;
    if (current.isRunning) return;
    current.isRunning = true;
    while (current.isDue) {
      current.isDue = false;
      await run();
    }
    current.isRunning = false;
  }, [run]);
}

/**
 * Mount it under a key of the session id: a new session starts from an empty list. Only requests
 * matching `filter` are listed; a new filter starts the list afresh.
 */
export function useWebhookEvents(filter: EventsFilter = {}, changes: ListChanges = {}): WebhookEventsView {
  const [state, setState] = useState<ListState>(initialListState);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  const latest = useRef(state);
  const latestFilter = useRef(filter);
  const changesRef = useRef(changes);
  useEffect(() => {
    latest.current = state;
    latestFilter.current = filter;
    changesRef.current = changes;
  });
  // A new filter starts the list afresh, set during render so no frame shows the old list under it.
  const key = filterKey(filter);
  const [listedKey, setListedKey] = useState(key);
  if (listedKey !== key) {
    setListedKey(key);
    setState(restartList);
    setLoadFailed(false);
  }

  useEffect(() => {
    let isCurrent = true;
    listEvents({ limit: EVENTS_PAGE_DEFAULT }, latestFilter.current).then(
      (page) => isCurrent && setState((current) => applyFirstPage(current, page, EVENTS_PAGE_DEFAULT)),
      () => isCurrent && setLoadFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt, key]);

  // As a transition, a burst of requests is folded into a few renders instead of one per request.
  useRealtimeEvent(WEBHOOK_REQUEST, (event) => {
    const isListed = eventMatches(event, latestFilter.current);
    startTransition(() => setState((current) => addLiveEvent(current, event, isListed)));
  });
  useRealtimeEvent(WEBHOOK_RESPONSE, (update) => setState((current) => applyResponse(current, update)));
  useRealtimeEvent(WEBHOOK_FORWARDED, (update) => setState((current) => applyForwarded(current, update)));
  useRealtimeEvent(WEBHOOK_CALLBACK, (update) => setState((current) => applyCallback(current, update)));
  useRealtimeEvent(WEBHOOKS_CLEARED, ({ upTo }) => {
    setState((current) => clearUpTo(current, upTo));
    changesRef.current.onCleared?.();
  });

  const fetchMissed = useCallback(async () => {
    try {
      const covered = newestAhead(latest.current);
      const caughtUp = await listEventsAfter(latest.current.caughtUpTo ?? 0, latestFilter.current);
      setState((current) => applyCaughtUp(current, caughtUp, covered));
    } catch {
      // The next reconnect tries again; live events keep arriving meanwhile.
    }
  }, []);
  const catchUp = useSerialTask(fetchMissed);
  // A reconnect during the first load is caught up once that page is in.
  const isCatchUpDue = useRef(false);
  useOnConnect(() => {
    if (latest.current.isLoaded) void catchUp();
    else isCatchUpDue.current = true;
  });
  useEffect(() => {
    if (!state.isLoaded || !isCatchUpDue.current) return;
    isCatchUpDue.current = false;
    void catchUp();
  }, [state.isLoaded, catchUp]);

  // A live event whose predecessor has not arrived: usually that one is a moment behind (stored
  // on another instance), but it may have been lost on the way (Redis away while the socket
  // stayed up). Give it a moment, then read what is missing.
  const isGap = state.isLoaded && hasGap(state);
  useEffect(() => {
    if (!isGap) return;
    const timer = setTimeout(() => void catchUp(), GAP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isGap, catchUp]);

  const loadOlder = useCallback(() => {
    const { oldestId, hasOlder } = latest.current;
    if (!hasOlder || oldestId === null) return;
    setOlder('loading');
    listEvents({ before: oldestId, limit: EVENTS_PAGE_DEFAULT }, latestFilter.current).then(
      (page) => {
        setState((current) => applyOlderPage(current, page, EVENTS_PAGE_DEFAULT));
        setOlder('idle');
      },
      () => setOlder('failed'),
    );
  }, []);

  const restore = useCallback(async (event: WebhookEvent) => {
    try {
      const restored = await restoreEvent(event.id);
      // Under a search it comes back to the list only if it matches; it counts either way.
      if (eventMatches(restored, latestFilter.current)) {
        setState((current) => restoreListed(current, restored));
      }
      changesRef.current.onRestored?.(restored);
      return true;
    } catch {
      return false;
    }
  }, []);

  // A second click while the first delete is on its way would only earn a failure alert.
  const deleting = useRef(new Set<number>());
  const remove = useCallback(
    (id: number) => {
      const event = latest.current.events.find((listed) => listed.id === id);
      if (!event || deleting.current.has(id)) return;
      deleting.current.add(id);
      deleteEvent(id)
        .then(
          () => {
            setState((current) => removeEvent(current, id));
            changesRef.current.onRemoved?.(event);
            // Deleted for real at once (other tabs still show it until reloaded); Undo brings it back.
            offerUndo(messages.deleted, () => restore(event));
          },
          () => window.alert(messages.deleteFailed),
        )
        .finally(() => deleting.current.delete(id));
    },
    [restore],
  );

  const clearAll = useCallback(async () => {
    try {
      const { upTo } = await clearEvents();
      setState((current) => clearUpTo(current, upTo));
      changesRef.current.onCleared?.();
      return true;
    } catch {
      return false;
    }
  }, []);

  const select = useCallback((id: number) => setState((current) => selectEvent(current, id)), []);
  const retryLoad = useCallback(() => {
    setLoadFailed(false);
    setAttempt((count) => count + 1);
  }, []);
  const selected = useMemo(() => selectedEvent(state), [state]);

  return {
    events: state.events,
    selected,
    isLoaded: state.isLoaded,
    loadFailed,
    hasOlder: state.hasOlder,
    isLoadingOlder: older === 'loading',
    olderFailed: older === 'failed',
    select,
    remove,
    restore,
    clearAll,
    loadOlder,
    retryLoad,
  };
}
