/**
 * The request list's rules as pure transitions: newest first, each id once, deleted events
 * hidden, and which request is selected after a load, a live event or a delete.
 */
import type { WebhookEvent } from '../../../../shared/webhooks';

export interface ListState {
  /** Visible events, newest (highest id) first. */
  events: WebhookEvent[];
  selectedId: number | null;
  /** Highest id ever received: where catching up after a reconnect starts. */
  newestId: number | null;
  /** Lowest id received from a page: where loading older requests continues. */
  oldestId: number | null;
  /** True while the last page of older requests came back full. */
  hasOlder: boolean;
  isLoaded: boolean;
}

export const initialListState: ListState = {
  events: [],
  selectedId: null,
  newestId: null,
  oldestId: null,
  hasOlder: false,
  isLoaded: false,
};

const byNewestFirst = (a: WebhookEvent, b: WebhookEvent): number => b.id - a.id;

function maxId(current: number | null, events: readonly WebhookEvent[]): number | null {
  return events.reduce<number | null>(
    (max, event) => (max === null || event.id > max ? event.id : max),
    current,
  );
}

function minId(current: number | null, events: readonly WebhookEvent[]): number | null {
  return events.reduce<number | null>(
    (min, event) => (min === null || event.id < min ? event.id : min),
    current,
  );
}

/** `current` plus the visible `incoming` events it lacks, newest first. Returns `current` itself when nothing is new. */
export function mergeEvents(current: WebhookEvent[], incoming: readonly WebhookEvent[]): WebhookEvent[] {
  const known = new Set(current.map((event) => event.id));
  const added: WebhookEvent[] = [];
  for (const event of incoming) {
    if (event.isDeleted || known.has(event.id)) continue;
    known.add(event.id);
    added.push(event);
  }
  if (added.length === 0) return current;
  added.sort(byNewestFirst);
  // The usual cases (live events on top, an older page below) need no sort of the whole list.
  const newestAdded = added[0]?.id ?? 0;
  const oldestAdded = added.at(-1)?.id ?? 0;
  const newestCurrent = current[0]?.id;
  const oldestCurrent = current.at(-1)?.id;
  if (newestCurrent === undefined || oldestAdded > newestCurrent) return [...added, ...current];
  if (oldestCurrent !== undefined && newestAdded < oldestCurrent) return [...current, ...added];
  return [...current, ...added].sort(byNewestFirst);
}

/** Keeps the selection; when there is none and the list was empty, the newest event is selected. */
function selectionAfterGrowth(state: ListState, events: WebhookEvent[]): number | null {
  if (state.selectedId !== null || state.events.length > 0) return state.selectedId;
  return events[0]?.id ?? null;
}

/** A new search filter: the list starts afresh, keeping the selection in case it is among the matches. */
export function restartList(state: ListState): ListState {
  return { ...initialListState, selectedId: state.selectedId };
}

/** The first page arrived: merged with any live events already shown; the selection kept if listed, else the first event. */
export function applyFirstPage(state: ListState, page: readonly WebhookEvent[], pageSize: number): ListState {
  const events = mergeEvents(state.events, page);
  const isSelectedListed = events.some((event) => event.id === state.selectedId);
  return {
    events,
    selectedId: isSelectedListed ? state.selectedId : (events[0]?.id ?? null),
    newestId: maxId(state.newestId, page),
    oldestId: minId(null, page),
    hasOlder: page.length >= pageSize,
    isLoaded: true,
  };
}

/**
 * A live event is prepended unless it is already listed. It takes the selection only when the
 * list was empty, so a person reading one request is never moved to another.
 */
export function addLiveEvent(state: ListState, event: WebhookEvent): ListState {
  if (event.isDeleted) return state;
  const newest = state.events[0];
  // Nearly always newer than everything listed: no need to look through thousands of ids.
  const events =
    newest === undefined || event.id > newest.id
      ? [event, ...state.events]
      : mergeEvents(state.events, [event]);
  if (events === state.events) return state;
  return {
    ...state,
    events,
    selectedId: selectionAfterGrowth(state, events),
    newestId: maxId(state.newestId, [event]),
  };
}

/** Events that arrived while the socket was away (`?after=<newest id>`), merged in without duplicates. */
export function applyCaughtUp(state: ListState, caughtUp: readonly WebhookEvent[]): ListState {
  const events = mergeEvents(state.events, caughtUp);
  const newestId = maxId(state.newestId, caughtUp);
  if (events === state.events && newestId === state.newestId) return state;
  return { ...state, events, selectedId: selectionAfterGrowth(state, events), newestId };
}

/** A page of older requests (`?before=<oldest id>`) appended; more may follow while the page was full. */
export function applyOlderPage(state: ListState, page: readonly WebhookEvent[], pageSize: number): ListState {
  const events = mergeEvents(state.events, page);
  return {
    ...state,
    events,
    selectedId: selectionAfterGrowth(state, events),
    newestId: maxId(state.newestId, page),
    oldestId: minId(state.oldestId, page),
    hasOlder: page.length >= pageSize,
  };
}

export function selectEvent(state: ListState, id: number): ListState {
  if (state.selectedId === id || !state.events.some((event) => event.id === id)) return state;
  return { ...state, selectedId: id };
}

/** Hides a deleted event. If it was selected, the next one (or the previous, if it was last) is selected, else none. */
export function removeEvent(state: ListState, id: number): ListState {
  const index = state.events.findIndex((event) => event.id === id);
  if (index === -1) return state;
  const events = state.events.filter((event) => event.id !== id);
  if (state.selectedId !== id) return { ...state, events };
  const neighbour = state.events[index + 1] ?? state.events[index - 1] ?? null;
  return { ...state, events, selectedId: neighbour?.id ?? null };
}

export function selectedEvent(state: ListState): WebhookEvent | null {
  if (state.selectedId === null) return null;
  return state.events.find((event) => event.id === state.selectedId) ?? null;
}
