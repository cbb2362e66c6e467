/** The suggestions for the current filter: loading, failure with a retry, an empty state, or the cards. */
import {
  SUGGESTION_STATUS_LABELS,
  type Suggestion,
  type SuggestionStatus,
  type UpdateSuggestionInput,
} from '../../../../../shared/suggestions';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { RetryAlert } from '../../../components/RetryAlert';
import { messages } from '../messages';
import { AdminSuggestionCard } from './AdminSuggestionCard';

interface AdminSuggestionListProps {
  labelId: string;
  filter: SuggestionStatus | null;
  suggestions: Suggestion[];
  isLoading: boolean;
  loadFailed: boolean;
  updatingId: number | null;
  onRetry: () => void;
  onUpdate: (id: number, change: UpdateSuggestionInput) => void;
}

export function AdminSuggestionList(props: AdminSuggestionListProps) {
  const { labelId, filter, suggestions, isLoading, loadFailed, updatingId, onRetry, onUpdate } = props;
  if (isLoading) return <LoadingStatus text={messages.loading} />;
  if (loadFailed) return <RetryAlert text={messages.fetchFailed} onRetry={onRetry} />;
  if (suggestions.length === 0) {
    const text = filter ? messages.emptyFiltered(SUGGESTION_STATUS_LABELS[filter]) : messages.emptyAll;
    return <EmptyState title={messages.emptyTitle} text={text} />;
  }
  return (
    <ul className="list-unstyled mb-0" aria-labelledby={labelId}>
      {suggestions.map((suggestion) => (
        // Keyed by the last change too, so a refreshed suggestion's form starts from its stored values.
        <AdminSuggestionCard
          key={`${suggestion.id}:${suggestion.updatedAt}`}
          suggestion={suggestion}
          isUpdating={updatingId === suggestion.id}
          onUpdate={onUpdate}
        />
      ))}
    </ul>
  );
}
