/** "Contracts" in the inspector's header: how many there are, opening them in a drawer. */
import type { EventsFilter } from '../../../../shared/event-search';
import { DrawerButton } from '../../components/DrawerButton';
import { ShortSummary } from '../../components/ShortSummary';
import { ContractsPanel } from './ContractsPanel';
import { contractMessages as text } from './messages';
import { useContracts } from './useContracts';

interface ContractsControlProps {
  sessionId: string;
  /** The list's search, for the Types panel. */
  filter: EventsFilter;
  /** The requests chosen in the list, for the Types panel. */
  chosenIds: readonly number[];
  /** Requests that failed their contract, kept live by the page; null until counted. */
  failing: number | null;
  isReadOnly?: boolean;
}

export function ContractsControl({
  sessionId,
  filter,
  chosenIds,
  failing: failingCount,
  isReadOnly = false,
}: ContractsControlProps) {
  const view = useContracts(sessionId);
  const count = text.summary(view.items.length);
  const isKnown = !view.isLoading && !view.loadFailed;
  const full = isKnown ? `${count}${failingCount ? ` · ${text.failing(failingCount)}` : ''}` : '…';
  // The number of contracts, or of failing requests ("2 ✗", as the list's badge marks them).
  const summary = !isKnown ? (
    '…'
  ) : failingCount ? (
    <ShortSummary mark={text.failingMark(failingCount)} words={text.failing(failingCount)} />
  ) : (
    // None yet: the label alone on screen, to keep the header at two rows; "none" for screen readers.
    <ShortSummary mark={view.items.length ? String(view.items.length) : ''} words={count} />
  );
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <ContractsPanel view={view} filter={filter} chosenIds={chosenIds} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
