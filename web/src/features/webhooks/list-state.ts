/**
 * The request list's rules as pure transitions: newest first, each id once, deleted events
 * hidden, and which request is selected after a load, a live event or a delete.
 */
import type {
  WebhookCallbackPayload,
  WebhookForwardedPayload,
  WebhookResponsePayload,
} from '../../../../shared/realtime';
import type { WebhookEvent } from '../../../../shared/webhooks';

export interface ListState {
  /** Visible events, newest (highest id) first. */
  events: WebhookEvent[];
  selectedId: number | null;
  /**
   * Every event of the session up to this id is known (0: none yet; null: the first page has not
   * arrived): catching up starts here. It moves with each page read from the server and along the
   * unbroken chain of live events (each names the one stored before it), never past a gap, so an
   * event still on its way from another server instance is never skipped.
   */
  caughtUpTo: number | null;
  /** Live events that arrived before the one they follow: previousId → id. Not empty: a gap. */
  ahead: ReadonlyMap<number, number>;
  /** Lowest id received from a page: where loading older requests continues. */
  oldestId: number | null;
  /** True while the last page of older requests came back full. */
  hasOlder: boolean;
  isLoaded: boolean;
}

export const initialListState: ListState = {
  events: [],
  selectedId: null,
  caughtUpTo: null,
  ahead: new Map(),
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

/** True while a live event arrived whose predecessor has not: a catch-up will fill the gap. */
export function hasGap(state: ListState): boolean {
  return state.ahead.size > 0;
}

/** Moves `caughtUpTo` to at least `readUpTo`, then along the chain of events that arrived ahead. */
function advance(
  state: Pick<ListState, 'caughtUpTo' | 'ahead'>,
  readUpTo: number,
): Pick<ListState, 'caughtUpTo' | 'ahead'> {
  let cursor = Math.max(state.caughtUpTo ?? 0, readUpTo);
  const ahead = new Map([...state.ahead].filter(([, id]) => id > cursor));
  for (let next = ahead.get(cursor); next !== undefined; next = ahead.get(cursor)) {
    ahead.delete(cursor);
    cursor = next;
  }
  return { caughtUpTo: cursor, ahead };
}

/** The chain after a live event: it continues the chain, waits ahead of a gap, or is old news. */
function chainLive(state: ListState, event: WebhookEvent): Pick<ListState, 'caughtUpTo' | 'ahead'> {
  const previous = event.previousId ?? 0;
  if (state.caughtUpTo !== null && previous === state.caughtUpTo) {
    return advance({ caughtUpTo: event.id, ahead: state.ahead }, event.id);
  }
  if (state.caughtUpTo !== null && event.id <= state.caughtUpTo) return state;
  return { caughtUpTo: state.caughtUpTo, ahead: new Map(state.ahead).set(previous, event.id) };
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
    ...advance(state, maxId(0, page) ?? 0),
    oldestId: minId(null, page),
    hasOlder: page.length >= pageSize,
    isLoaded: true,
  };
}

/**
 * A live event is prepended unless it is already listed. It takes the selection only when the
 * list was empty, so a person reading one request is never moved to another.
 */
export function addLiveEvent(state: ListState, event: WebhookEvent, isListed = true): ListState {
  if (event.isDeleted || !isListed) {
    // One the search filter leaves out is still a link of the chain: nothing is missing before it.
    const chain = chainLive(state, event);
    const isSame = chain.caughtUpTo === state.caughtUpTo && chain.ahead === state.ahead;
    return isSame ? state : { ...state, ...chain };
  }
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
    ...chainLive(state, event),
  };
}

/** The newest live event held ahead of a gap (0 when none). */
export function newestAhead(state: ListState): number {
  return Math.max(0, ...state.ahead.values());
}

/**
 * Events read after `caughtUpTo` (`?after=`), merged in without duplicates. The server commits a
 * session's ids in order, so such a read holds everything up to the newest id it returns, and
 * also everything up to `coveredUpTo`: the newest live event that had arrived before the read
 * began (a live event is sent only once stored, so the read could see all before it).
 */
export function applyCaughtUp(
  state: ListState,
  caughtUp: readonly WebhookEvent[],
  coveredUpTo = 0,
): ListState {
  const events = mergeEvents(state.events, caughtUp);
  const chain = advance(state, Math.max(maxId(0, caughtUp) ?? 0, coveredUpTo));
  if (
    events === state.events &&
    chain.caughtUpTo === state.caughtUpTo &&
    chain.ahead.size === state.ahead.size
  ) {
    return state;
  }
  return { ...state, events, selectedId: selectionAfterGrowth(state, events), ...chain };
}

/** A page of older requests (`?before=<oldest id>`) appended; more may follow while the page was full. */
export function applyOlderPage(state: ListState, page: readonly WebhookEvent[], pageSize: number): ListState {
  const events = mergeEvents(state.events, page);
  return {
    ...state,
    events,
    selectedId: selectionAfterGrowth(state, events),
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

/** A `webhook-response` event: the answer the sender finally got, set on that request if it is listed. */
export function applyResponse(state: ListState, update: WebhookResponsePayload): ListState {
  const index = state.events.findIndex((event) => event.id === update.id);
  const current = state.events[index];
  if (!current) return state;
  const events = [...state.events];
  events[index] = { ...current, response: update.response };
  return { ...state, events };
}

/** A `webhook-forwarded` event: what the forwarder's target answered, set on that request if it is listed. */
export function applyForwarded(state: ListState, update: WebhookForwardedPayload): ListState {
  const index = state.events.findIndex((event) => event.id === update.id);
  const current = state.events[index];
  if (!current) return state;
  const events = [...state.events];
  events[index] = { ...current, forwarded: update.forwarded };
  return { ...state, events };
}

/** A `webhook-callback` event: the state of a rule's callback, set on that request if it is listed. */
export function applyCallback(state: ListState, update: WebhookCallbackPayload): ListState {
  const index = state.events.findIndex((event) => event.id === update.id);
  const current = state.events[index];
  if (!current) return state;
  const events = [...state.events];
  events[index] = { ...current, callback: update.callback };
  return { ...state, events };
}

/**
 * "Clear all": every event up to `upTo` is gone (later ones came after the clear and stay). The
 * selection goes with them; older pages are gone too, so there is nothing older to load.
 */
export function clearUpTo(state: ListState, upTo: number): ListState {
  const events = state.events.filter((event) => event.id > upTo);
  const isSelectedKept = events.some((event) => event.id === state.selectedId);
  if (events.length === state.events.length && !state.hasOlder) return state;
  return {
    ...state,
    events,
    selectedId: isSelectedKept ? state.selectedId : (events[0]?.id ?? null),
    oldestId: events.at(-1)?.id ?? null,
    hasOlder: false,
  };
}

/** A deleted event brought back (Undo): listed again in its place, and selected. */
export function restoreEvent(state: ListState, event: WebhookEvent): ListState {
  const events = mergeEvents(state.events, [{ ...event, isDeleted: false }]);
  return { ...state, events, selectedId: event.id };
}
