/**
 * Marks that rows and details share without threading props through the list: which requests are
 * redeliveries, and which are picked for comparison.
 */
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { togglePick } from './compare/picks';
import { findRedeliveries } from './recognise/origin';

export interface RequestMarks {
  redeliveries: ReadonlySet<number>;
  /** Ids picked for comparison (at most two), in the order picked. */
  picked: readonly number[];
  togglePick: (id: number) => void;
  clearPicks: () => void;
}

/** Outside a provider (a row rendered on its own) nothing is marked and picking does nothing. */
export const RequestMarksContext = createContext<RequestMarks>({
  redeliveries: new Set(),
  picked: [],
  togglePick: () => undefined,
  clearPicks: () => undefined,
});

/** Ids as a key: the same ids in the same order give the same key. */
const keyOf = (ids: Iterable<number>): string => [...ids].join(',');
const idsOf = (key: string): number[] => (key === '' ? [] : key.split(',').map(Number));

export function RequestMarksProvider({ events, children }: { events: WebhookEvent[]; children: ReactNode }) {
  const [picked, setPicked] = useState<number[]>([]);
  // Every live request gives a new `events`; the marks are rebuilt only when their ids change, so the
  // context value stays the same and the memoised rows and details do not render again.
  const redeliveryKey = useMemo(() => keyOf([...findRedeliveries(events)].sort((a, b) => a - b)), [events]);
  const redeliveries = useMemo(() => new Set(idsOf(redeliveryKey)), [redeliveryKey]);
  // A deleted request drops out of the comparison.
  const presentKey = useMemo(
    () => keyOf(picked.filter((id) => events.some((event) => event.id === id))),
    [picked, events],
  );
  const present = useMemo(() => idsOf(presentKey), [presentKey]);
  const toggle = useCallback((id: number) => setPicked((current) => togglePick(current, id)), []);
  const clearPicks = useCallback(() => setPicked([]), []);
  const marks = useMemo(
    () => ({ redeliveries, picked: present, togglePick: toggle, clearPicks }),
    [redeliveries, present, toggle, clearPicks],
  );
  return <RequestMarksContext.Provider value={marks}>{children}</RequestMarksContext.Provider>;
}
