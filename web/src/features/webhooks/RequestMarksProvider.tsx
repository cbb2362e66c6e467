/**
 * Marks that rows and details share without threading props through the list: which requests are
 * redeliveries, whether requests are being picked for comparison, and which are picked.
 */
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { togglePick } from './compare/picks';
import { findRedeliveries } from './recognise/origin';

export interface RequestMarks {
  redeliveries: ReadonlySet<number>;
  /** True while the list offers its rows for comparison ("Compare" is on). */
  isPicking: boolean;
  /** Turns picking on or off; off lets go of the picks. */
  setPicking: (isPicking: boolean) => void;
  /** Ids picked for comparison (at most two), in the order picked. */
  picked: readonly number[];
  togglePick: (id: number) => void;
  clearPicks: () => void;
}

/** Outside a provider (a row rendered on its own) nothing is marked and picking does nothing. */
export const RequestMarksContext = createContext<RequestMarks>({
  redeliveries: new Set(),
  isPicking: false,
  setPicking: () => undefined,
  picked: [],
  togglePick: () => undefined,
  clearPicks: () => undefined,
});

/** Ids as a key: the same ids in the same order give the same key. */
const keyOf = (ids: Iterable<number>): string => [...ids].join(',');
const idsOf = (key: string): number[] => (key === '' ? [] : key.split(',').map(Number));

export function RequestMarksProvider({ events, children }: { events: WebhookEvent[]; children: ReactNode }) {
  const [picked, setPicked] = useState<number[]>([]);
  const [isPicking, setIsPicking] = useState(false);
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
  const setPicking = useCallback((next: boolean) => {
    setIsPicking(next);
    if (!next) setPicked([]);
  }, []);
  const marks = useMemo(
    () => ({ redeliveries, isPicking, setPicking, picked: present, togglePick: toggle, clearPicks }),
    [redeliveries, isPicking, setPicking, present, toggle, clearPicks],
  );
  return <RequestMarksContext.Provider value={marks}>{children}</RequestMarksContext.Provider>;
}
