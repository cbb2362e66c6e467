/** The user's own suggestions: loading, failure with a retry, an empty state, or the list. */
import type { Suggestion } from '../../../../../shared/suggestions';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { RetryAlert } from '../../../components/RetryAlert';
import { messages } from '../messages';
import { SuggestionItem } from './SuggestionItem';

interface SuggestionListProps {
  suggestions: Suggestion[];
  isLoading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
}

const headingId = 'own-suggestions-heading';

export function SuggestionList({ suggestions, isLoading, loadFailed, onRetry }: SuggestionListProps) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5 mb-3">
        {messages.listTitle}
      </h2>
      <ListBody suggestions={suggestions} isLoading={isLoading} loadFailed={loadFailed} onRetry={onRetry} />
    </section>
  );
}

function ListBody({ suggestions, isLoading, loadFailed, onRetry }: SuggestionListProps) {
  if (isLoading) return <LoadingStatus text={messages.loading} />;
  if (loadFailed) return <RetryAlert text={messages.fetchFailed} onRetry={onRetry} />;
  if (suggestions.length === 0) return <EmptyState title={messages.emptyTitle} text={messages.emptyText} />;
  return (
    <ul className="list-unstyled mb-0" aria-labelledby={headingId}>
      {suggestions.map((suggestion) => (
        <SuggestionItem key={suggestion.id} suggestion={suggestion} />
      ))}
    </ul>
  );
}
