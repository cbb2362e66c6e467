/** /suggestions: a button that opens the feedback form, the status banner, and the user's own suggestions. */
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import type { NewSuggestion } from '../../../../shared/suggestions';
import { PageContainer } from '../../components/PageContainer';
import { StatusBanner } from '../../components/StatusBanner';
import { usePageTitle } from '../../pages/usePageTitle';
import { SessionGate } from '../../session/SessionGate';
import { SuggestionForm } from './components/SuggestionForm';
import { SuggestionList } from './components/SuggestionList';
import { emptyDraft, type SuggestionDraft } from './draft';
import { messages } from './messages';
import { useSuggestions } from './useSuggestions';

const formId = 'suggestion-form';

export function SuggestionsPage() {
  usePageTitle(messages.pageTitle);
  return (
    <PageContainer>
      <SessionGate>
        {(user) => <SuggestionsScreen key={user.sessionId} sessionId={user.sessionId} />}
      </SessionGate>
    </PageContainer>
  );
}

function SuggestionsScreen({ sessionId }: { sessionId: string }) {
  const view = useSuggestions(sessionId);
  const [isFormOpen, setFormOpen] = useState(false);
  // Kept here rather than in the form, so closing the form by hand does not lose a draft.
  const [draft, setDraft] = useState<SuggestionDraft>(emptyDraft);

  async function handleSubmit(input: NewSuggestion) {
    if (!(await view.submit(input))) return;
    setDraft(emptyDraft);
    setFormOpen(false);
  }

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{messages.pageTitle}</h1>
        <Button
          variant={isFormOpen ? 'outline-secondary' : 'primary'}
          aria-expanded={isFormOpen}
          aria-controls={isFormOpen ? formId : undefined}
          onClick={() => setFormOpen((open) => !open)}
        >
          {isFormOpen ? messages.closeForm : messages.openForm}
        </Button>
      </div>
      <p className="text-body-secondary mb-4">{messages.lead}</p>
      <StatusBanner text={view.banner} />
      {isFormOpen && (
        <SuggestionForm
          id={formId}
          draft={draft}
          isSubmitting={view.isSubmitting}
          onChange={setDraft}
          onSubmit={(input) => void handleSubmit(input)}
        />
      )}
      <SuggestionList
        suggestions={view.suggestions}
        isLoading={view.isLoading}
        loadFailed={view.loadFailed}
        onRetry={view.retryLoad}
      />
    </>
  );
}
