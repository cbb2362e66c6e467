import Spinner from 'react-bootstrap/Spinner';
import { EmptyState } from '../../../components/EmptyState';
import { RetryAlert } from '../../../components/RetryAlert';
import { messages } from '../messages';
import type { WebhookEventsView } from '../useWebhookEvents';
import { RequestDetail } from './RequestDetail';

interface DetailAreaProps {
  view: WebhookEventsView;
  sessionId: string;
}

/** The right-hand panel: the selected request, or what to do when there is none to show. */
export function DetailArea({ view, sessionId }: DetailAreaProps) {
  if (view.loadFailed) return <RetryAlert text={messages.loadFailed} onRetry={view.retryLoad} />;
  if (!view.isLoaded) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status" aria-label={messages.loadingRequests} />
      </div>
    );
  }
  if (view.events.length === 0) {
    return (
      <EmptyState
        title={messages.emptyTitle}
        text={messages.emptyText}
        icon={<Spinner animation="grow" variant="primary" />}
      />
    );
  }
  if (!view.selected) {
    return <EmptyState title={messages.noSelectionTitle} text={messages.noSelectionText} />;
  }
  return <RequestDetail event={view.selected} sessionId={sessionId} />;
}
