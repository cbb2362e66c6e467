import { describe, expect, it } from 'vitest';
import {
  addLiveEvent,
  hasGap,
  newestAhead,
  applyCaughtUp,
  applyFirstPage,
  applyOlderPage,
  applyForwarded,
  applyResponse,
  clearUpTo,
  initialListState,
  removeEvent,
  restartList,
  restoreEvent,
  selectedEvent,
  selectEvent,
  type ListState,
} from './list-state';
import { makeEvent, makeEvents } from './test-events';

const ids = (state: ListState) => state.events.map((event) => event.id);

function loaded(...eventIds: number[]): ListState {
  return applyFirstPage(initialListState, makeEvents(...eventIds), 100);
}

describe('webhook request list', () => {
  it('selects the first request when the list loads', () => {
    const state = loaded(3, 2, 1);
    expect(ids(state)).toEqual([3, 2, 1]);
    expect(state.selectedId).toBe(3);
    expect(selectedEvent(state)?.id).toBe(3);
    expect(state.isLoaded).toBe(true);
  });

  it('selects nothing when the loaded list is empty', () => {
    const state = loaded();
    expect(state.selectedId).toBeNull();
    expect(selectedEvent(state)).toBeNull();
    expect(state.hasOlder).toBe(false);
  });

  it('offers older requests only while the last page was full', () => {
    expect(applyFirstPage(initialListState, makeEvents(2, 1), 2).hasOlder).toBe(true);
    expect(applyFirstPage(initialListState, makeEvents(1), 2).hasOlder).toBe(false);
  });

  it('hides requests marked deleted', () => {
    const state = applyFirstPage(initialListState, [makeEvent(2, { isDeleted: true }), makeEvent(1)], 100);
    expect(ids(state)).toEqual([1]);
  });

  it('keeps live requests that arrived before the first page, without duplicates', () => {
    const early = addLiveEvent(initialListState, makeEvent(4));
    const state = applyFirstPage(early, makeEvents(4, 3, 2), 100);
    expect(ids(state)).toEqual([4, 3, 2]);
    expect(state.selectedId).toBe(4);
    expect(state.oldestId).toBe(2);
  });

  it('prepends a live request', () => {
    const state = addLiveEvent(loaded(2, 1), makeEvent(3));
    expect(ids(state)).toEqual([3, 2, 1]);
  });

  it('a live request that follows the newest known one moves the catch-up point', () => {
    const state = addLiveEvent(loaded(2, 1), makeEvent(3, { previousId: 2 }));
    expect(state.caughtUpTo).toBe(3);
    expect(hasGap(state)).toBe(false);
  });

  it('a live request that overtook the one before it leaves a gap, which the late one closes', () => {
    // 4 was stored on another instance before 5 but its live event comes second.
    const overtaken = addLiveEvent(loaded(3), makeEvent(5, { previousId: 4 }));
    expect(ids(overtaken)).toEqual([5, 3]);
    expect(overtaken.caughtUpTo).toBe(3);
    expect(hasGap(overtaken)).toBe(true);
    const closed = addLiveEvent(overtaken, makeEvent(4, { previousId: 3 }));
    expect(ids(closed)).toEqual([5, 4, 3]);
    expect(closed.caughtUpTo).toBe(5);
    expect(hasGap(closed)).toBe(false);
  });

  it('a catch-up read closes a gap and continues along the requests that arrived ahead of it', () => {
    const live = addLiveEvent(
      addLiveEvent(loaded(3), makeEvent(6, { previousId: 5 })),
      makeEvent(7, { previousId: 6 }),
    );
    expect(live.caughtUpTo).toBe(3);
    const state = applyCaughtUp(live, makeEvents(5, 4));
    expect(ids(state)).toEqual([7, 6, 5, 4, 3]);
    expect(state.caughtUpTo).toBe(7);
    expect(hasGap(state)).toBe(false);
  });

  it('a catch-up read that finds nothing still covers the requests that had arrived before it', () => {
    // 4 was deleted in another tab before this one read it: the read returns nothing, yet 5 had
    // arrived before the read began, so everything up to 5 is known.
    const live = addLiveEvent(loaded(3), makeEvent(5, { previousId: 4 }));
    const state = applyCaughtUp(live, [], newestAhead(live));
    expect(state.caughtUpTo).toBe(5);
    expect(hasGap(state)).toBe(false);
  });

  it('live requests that came before the first page are chained once it arrives', () => {
    const early = addLiveEvent(initialListState, makeEvent(4, { previousId: 3 }));
    expect(early.caughtUpTo).toBeNull();
    const state = applyFirstPage(early, makeEvents(3, 2), 100);
    expect(state.caughtUpTo).toBe(4);
    expect(hasGap(state)).toBe(false);
  });

  it('a live request the search filter leaves out is not listed but still moves the catch-up point', () => {
    const state = addLiveEvent(loaded(2, 1), makeEvent(3, { previousId: 2 }), false);
    expect(ids(state)).toEqual([2, 1]);
    expect(state.caughtUpTo).toBe(3);
    const next = addLiveEvent(state, makeEvent(4, { previousId: 3 }));
    expect(ids(next)).toEqual([4, 2, 1]);
    expect(hasGap(next)).toBe(false);
  });

  it('the first request of an empty session follows nothing', () => {
    const state = addLiveEvent(loaded(), makeEvent(1, { previousId: null }));
    expect(state.caughtUpTo).toBe(1);
  });

  it('does not add a live request that is already listed', () => {
    const before = loaded(2, 1);
    const after = addLiveEvent(before, makeEvent(2));
    expect(after).toBe(before);
    expect(ids(after)).toEqual([2, 1]);
  });

  it('keeps the selected request when a live request arrives', () => {
    const state = addLiveEvent(selectEvent(loaded(2, 1), 1), makeEvent(3));
    expect(state.selectedId).toBe(1);
  });

  it('selects a live request that arrives in an empty list', () => {
    const state = addLiveEvent(loaded(), makeEvent(1));
    expect(state.selectedId).toBe(1);
  });

  it('selects the request a person clicks, and only requests in the list', () => {
    const state = selectEvent(loaded(2, 1), 1);
    expect(state.selectedId).toBe(1);
    expect(selectEvent(state, 99)).toBe(state);
  });

  it('deleting the selected request selects the next one', () => {
    const state = removeEvent(selectEvent(loaded(3, 2, 1), 2), 2);
    expect(ids(state)).toEqual([3, 1]);
    expect(state.selectedId).toBe(1);
  });

  it('deleting the selected last request selects the previous one', () => {
    const state = removeEvent(selectEvent(loaded(3, 2, 1), 1), 1);
    expect(ids(state)).toEqual([3, 2]);
    expect(state.selectedId).toBe(2);
  });

  it('deleting the only request selects none', () => {
    const state = removeEvent(loaded(1), 1);
    expect(ids(state)).toEqual([]);
    expect(state.selectedId).toBeNull();
  });

  it('deleting another request keeps the selection', () => {
    const state = removeEvent(loaded(3, 2, 1), 2);
    expect(ids(state)).toEqual([3, 1]);
    expect(state.selectedId).toBe(3);
  });

  it('merges caught-up requests newest first without duplicates', () => {
    const live = addLiveEvent(loaded(2, 1), makeEvent(5));
    const state = applyCaughtUp(live, makeEvents(5, 4, 3));
    expect(ids(state)).toEqual([5, 4, 3, 2, 1]);
    expect(state.caughtUpTo).toBe(5);
    expect(state.selectedId).toBe(2);
  });

  it('changes nothing when catching up finds no new requests', () => {
    const state = loaded(2, 1);
    expect(applyCaughtUp(state, [])).toBe(state);
  });

  it('keeps the catch-up point even after the newest request is deleted', () => {
    const state = removeEvent(loaded(2, 1), 2);
    expect(state.caughtUpTo).toBe(2);
  });

  it('appends older requests and moves the older cursor', () => {
    const first = applyFirstPage(initialListState, makeEvents(4, 3), 2);
    const state = applyOlderPage(first, makeEvents(2, 1), 2);
    expect(ids(state)).toEqual([4, 3, 2, 1]);
    expect(state.oldestId).toBe(1);
    expect(state.hasOlder).toBe(true);
    expect(applyOlderPage(state, [], 2).hasOlder).toBe(false);
  });

  it('orders requests by id when pages overlap', () => {
    const state = applyCaughtUp(loaded(5, 1), makeEvents(6, 4, 3));
    expect(ids(state)).toEqual([6, 5, 4, 3, 1]);
  });

  it("a settled answer updates that request's response and nothing else", () => {
    const state = loaded(3, 2, 1);
    const next = applyResponse(state, { id: 2, response: { status: 504, source: 'error' } });
    expect(next.events.map((event) => event.response)).toEqual([
      state.events[0]?.response,
      { status: 504, source: 'error' },
      state.events[2]?.response,
    ]);
    expect(next.selectedId).toBe(3);
    expect(applyResponse(state, { id: 9, response: { status: 200, source: 'forwarder' } })).toBe(state);
  });
});

describe('restartList', () => {
  it('empties the list for a new filter and keeps the selection if the new first page lists it', () => {
    const shown = selectEvent(applyFirstPage(initialListState, makeEvents(3, 2, 1), 100), 2);
    const restarted = restartList(shown);
    expect(restarted).toEqual({ ...initialListState, selectedId: 2 });
    expect(applyFirstPage(restarted, makeEvents(2, 1), 100).selectedId).toBe(2);
    expect(applyFirstPage(restarted, makeEvents(3, 1), 100).selectedId).toBe(3);
    expect(applyFirstPage(restarted, [], 100).selectedId).toBeNull();
  });

  it("records a forwarder's report on the listed request only", () => {
    const state = loaded(2, 1);
    const next = applyForwarded(state, { id: 1, forwarded: { status: 500, ms: 12 } });
    expect(next.events.find((event) => event.id === 1)?.forwarded).toEqual({ status: 500, ms: 12 });
    expect(applyForwarded(state, { id: 9, forwarded: { error: 'down', ms: 1 } })).toBe(state);
  });

  it('Clear all empties the list up to the id it covered, keeping later requests', () => {
    const page = Array.from({ length: 100 }, (_, index) => makeEvent(index + 1));
    const state = addLiveEvent(
      applyFirstPage(initialListState, page, 100),
      makeEvent(101, { previousId: 100 }),
    );
    expect(state.hasOlder).toBe(true);
    const cleared = clearUpTo(state, 100);
    expect(ids(cleared)).toEqual([101]);
    expect(cleared.selectedId).toBe(101);
    expect(cleared.hasOlder).toBe(false);
    const empty = clearUpTo(loaded(3, 2, 1), 3);
    expect(ids(empty)).toEqual([]);
    expect(empty.selectedId).toBeNull();
    expect(selectedEvent(empty)).toBeNull();
  });

  it('an undone delete puts the request back in its place, selected', () => {
    const state = removeEvent(loaded(3, 2, 1), 2);
    const restored = restoreEvent(state, makeEvent(2, { isDeleted: true }));
    expect(ids(restored)).toEqual([3, 2, 1]);
    expect(restored.selectedId).toBe(2);
    expect(selectedEvent(restored)?.isDeleted).toBe(false);
  });
});
