/** "Contracts" in the inspector's header: how many there are, opening them in a drawer. */
import type { EventsFilter } from '../../../../shared/event-search';
import { DrawerButton } from '../../components/DrawerButton';
import { countSummary } from '../../components/ShortSummary';
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
  const { summary, full } = countSummary(
    !view.isLoading && !view.loadFailed,
    { count: view.items.length, words: text.summary(view.items.length) },
    // Requests that failed, marked as the list's badge marks them ("2 ✗").
    failingCount ? { mark: text.failingMark(failingCount), words: text.failing(failingCount) } : null,
  );
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(full)} width="wide">
      {() => <ContractsPanel view={view} filter={filter} chosenIds={chosenIds} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
