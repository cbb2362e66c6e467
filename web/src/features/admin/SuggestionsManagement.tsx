/** The working admin tab: stats cards, the status filter (kept in ?status=) and the suggestions with their update forms. */
import { Badge } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { isSuggestionStatus, type SuggestionStatus } from '../../../../shared/suggestions';
import { StatusBanner } from '../../components/StatusBanner';
import { AdminSuggestionList } from './components/AdminSuggestionList';
import { StatsCards } from './components/StatsCards';
import { StatusFilter } from './components/StatusFilter';
import { messages } from './messages';
import { useAdminSuggestions } from './useAdminSuggestions';

const listHeadingId = 'admin-suggestions-heading';

export function SuggestionsManagement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const filter: SuggestionStatus | null = isSuggestionStatus(requested) ? requested : null;
  const view = useAdminSuggestions(filter);

  function handleFilterChange(status: SuggestionStatus | null) {
    setSearchParams(status ? { status } : {}, { replace: true });
  }

  return (
    <>
      <h2 className="h4 mb-3">{messages.suggestionsTab}</h2>
      {/* Sticky below the fixed navbar, so the outcome of an update far down the list is seen. */}
      <div className="sticky-top" style={{ top: '5.5rem' }}>
        <StatusBanner text={view.banner} />
      </div>
      <StatsCards stats={view.stats} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h3 id={listHeadingId} className="h5 mb-0">
          {messages.listTitle}{' '}
          {!view.isLoading && !view.loadFailed && (
            <Badge bg="secondary-subtle" text="secondary-emphasis" pill>
              {view.suggestions.length}
            </Badge>
          )}
        </h3>
        <StatusFilter value={filter} onChange={handleFilterChange} />
      </div>
      <AdminSuggestionList
        labelId={listHeadingId}
        filter={filter}
        suggestions={view.suggestions}
        isLoading={view.isLoading}
        loadFailed={view.loadFailed}
        updatingId={view.updatingId}
        onRetry={view.retryLoad}
        onUpdate={(id, change) => void view.update(id, change)}
      />
    </>
  );
}
