/**
 * Where the Contracts drawer button (composed in by the app) sits in the header, and what it is
 * given: the list's search and the requests chosen in the list, for its Types panel, and how many
 * requests fail their contract, for its label.
 */
import type { ReactNode } from 'react';
import type { EventsFilter } from '../../../../../shared/event-search';
import { useRequestMarks } from '../useRequestMarks';

export interface ContractsSlotProps {
  sessionId: string;
  /** The list's search. */
  filter: EventsFilter;
  isReadOnly: boolean;
  /** Requests that failed their contract, kept live; null until counted. */
  failing: number | null;
  /** The requests picked in the list (Compare), or else the selected one; none when neither. */
  chosenIds: readonly number[];
}

interface ContractsSlotInput extends Omit<ContractsSlotProps, 'chosenIds'> {
  selectedId: number | null;
  render: (slot: ContractsSlotProps) => ReactNode;
}

export function ContractsSlot({ render, selectedId, ...slot }: ContractsSlotInput) {
  const { picked } = useRequestMarks();
  const chosenIds = picked.length > 0 ? picked : selectedId === null ? [] : [selectedId];
  return render({ ...slot, chosenIds });
}
