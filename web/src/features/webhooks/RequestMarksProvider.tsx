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

export function RequestMarksProvider({ events, children }: { events: WebhookEvent[]; children: ReactNode }) {
  const [picked, setPicked] = useState<number[]>([]);
  const redeliveries = useMemo(() => findRedeliveries(events), [events]);
  // A deleted request drops out of the comparison.
  const present = useMemo(
    () => picked.filter((id) => events.some((event) => event.id === id)),
    [picked, events],
  );
  const toggle = useCallback((id: number) => setPicked((current) => togglePick(current, id)), []);
  const clearPicks = useCallback(() => setPicked([]), []);
  const marks = useMemo(
    () => ({ redeliveries, picked: present, togglePick: toggle, clearPicks }),
    [redeliveries, present, toggle, clearPicks],
  );
  return <RequestMarksContext.Provider value={marks}>{children}</RequestMarksContext.Provider>;
}
