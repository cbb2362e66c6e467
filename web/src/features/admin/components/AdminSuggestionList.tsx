/** The suggestions for the current filter: loading, failure with a retry, an empty state, or the cards. */
import { Alert, Button, Spinner } from 'react-bootstrap';
import {
  SUGGESTION_STATUS_LABELS,
  type Suggestion,
  type SuggestionStatus,
  type UpdateSuggestionInput,
} from '../../../../../shared/suggestions';
import { EmptyState } from '../../../components/EmptyState';
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
  if (isLoading) {
    return (
      <div className="text-center text-body-secondary py-4" role="status">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        {messages.loading}
      </div>
    );
  }
  if (loadFailed) {
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-2">
        <span>{messages.fetchFailed}</span>
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          {messages.retry}
        </Button>
      </Alert>
    );
  }
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
