/**
 * What the switcher knows of each inspector of this browser: the shown one first, then the
 * remembered others, each with its request count (as the server counted it, plus the live
 * requests that came after) and, for the others, how many requests came live since the page
 * showed them last ("new").
 */
import type { RememberedInspector } from './remembered';

export interface SwitcherEntry extends RememberedInspector {
  isShown: boolean;
  /** Null until the server has counted. */
  total: number | null;
  /** The newest request id counted or seen live; later ones are new. */
  newestId: number;
  /**
   * Ids heard live since the server was last asked to count, newest last: a count answered before
   * a request was stored can arrive after that request's live event, and must not drop it.
   */
  heard: number[];
  /** Requests that came live while it was not shown. */
  unseen: number;
  /** Why it cannot be reached (deleted elsewhere, expired, its key revoked), or null. */
  problem: string | null;
}

export type SwitcherAction =
  | { type: 'counting'; sessionId: string }
  | { type: 'counted'; sessionId: string; total: number; newestId: number }
  | { type: 'captured'; sessionId: string; id: number }
  | { type: 'named'; sessionId: string; name: string | null }
  | { type: 'unreachable'; sessionId: string; problem: string }
  | { type: 'added'; inspector: RememberedInspector }
  | { type: 'dropped'; sessionId: string };

/** Live ids kept between two counts: a count slower than this many captures is not expected. */
const HEARD_KEPT = 1000;

export function entryOf(inspector: RememberedInspector, isShown: boolean): SwitcherEntry {
  return { ...inspector, isShown, total: null, newestId: 0, heard: [], unseen: 0, problem: null };
}

export function initialEntries(shown: RememberedInspector, others: RememberedInspector[]): SwitcherEntry[] {
  return [entryOf(shown, true), ...others.map((other) => entryOf(other, false))];
}

function update(
  entries: SwitcherEntry[],
  sessionId: string,
  change: (entry: SwitcherEntry) => SwitcherEntry,
): SwitcherEntry[] {
  return entries.map((entry) => (entry.sessionId === sessionId ? change(entry) : entry));
}

export function switcherReducer(entries: SwitcherEntry[], action: SwitcherAction): SwitcherEntry[] {
  switch (action.type) {
    case 'counting':
      return update(entries, action.sessionId, (entry) => ({ ...entry, heard: [] }));
    case 'counted':
      return update(entries, action.sessionId, (entry) => {
        // Heard after the count was asked for, and newer than anything it counted.
        const notCounted = entry.heard.filter((id) => id > action.newestId).length;
        return {
          ...entry,
          total: action.total + notCounted,
          newestId: Math.max(entry.newestId, action.newestId),
          problem: null,
        };
      });
    case 'captured':
      return update(entries, action.sessionId, (entry) => {
        // Counted already, or heard twice.
        if (action.id <= entry.newestId) return entry;
        return {
          ...entry,
          newestId: action.id,
          heard: [...entry.heard, action.id].slice(-HEARD_KEPT),
          // Before the first count, the count adds it.
          total: entry.total === null ? null : entry.total + 1,
          unseen: entry.isShown ? 0 : entry.unseen + 1,
        };
      });
    case 'named':
      return update(entries, action.sessionId, (entry) => ({ ...entry, name: action.name }));
    case 'unreachable':
      return update(entries, action.sessionId, (entry) => ({ ...entry, problem: action.problem }));
    case 'added':
      return entries.some((entry) => entry.sessionId === action.inspector.sessionId)
        ? entries
        : [...entries, entryOf(action.inspector, false)];
    case 'dropped':
      return entries.filter((entry) => entry.sessionId !== action.sessionId);
  }
}

/** The requests that came live to the inspectors not shown. */
export function unseenTotal(entries: SwitcherEntry[]): number {
  return entries.reduce((sum, entry) => sum + (entry.isShown ? 0 : entry.unseen), 0);
}

/** The inspectors remembered beside the shown one, as stored. */
export function othersOf(entries: SwitcherEntry[]): RememberedInspector[] {
  return entries
    .filter((entry) => !entry.isShown)
    .map(({ sessionId, name, key }) => ({ sessionId, name, key }));
}

/** How an inspector is called in the switcher: its name, or the start of its id. */
export function labelOf(entry: Pick<RememberedInspector, 'sessionId' | 'name'>): string {
  return entry.name ?? entry.sessionId.slice(0, 8);
}
