import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { webhookUrl } from '../../../../../shared/webhooks';
import { EmptyState } from '../../../components/EmptyState';
import { RetryAlert } from '../../../components/RetryAlert';
import { apiBase } from '../../../lib/http';
import { messages } from '../messages';
import type { WebhookEventsView } from '../useWebhookEvents';
import { CommandLine } from './CommandLine';
import { RequestDetail } from './RequestDetail';

interface DetailAreaProps {
  view: WebhookEventsView;
  sessionId: string;
  /** Under a search: an empty list means no request matches, and this clears the search. */
  onClearSearch?: () => void;
  /** Back to the list on a phone. */
  onBack?: () => void;
  /** More about the selected request (its relay attempts). */
  extra?: (eventId: number) => ReactNode;
}

/** A ready-made request to send to the webhook URL, with a copy button. */
function TryIt({ sessionId }: { sessionId: string }) {
  const url = webhookUrl(apiBase, sessionId);
  const example = `curl -X POST ${url} -H 'Content-Type: application/json' -d '{"hello":"world"}'`;
  return (
    <div className="mt-3 mx-auto small text-start" style={{ maxWidth: '40rem' }}>
      <p className="mb-1">{messages.tryIt}</p>
      <CommandLine command={example} copyLabel={messages.copyExample} copiedMessage={messages.curlCopied}>
        curl -X POST <span>{url}</span> -H &apos;Content-Type: application/json&apos; -d &apos;
        {'{"hello":"world"}'}&apos;
      </CommandLine>
    </div>
  );
}

/** The right-hand panel: the selected request, or what to do when there is none to show. */
export function DetailArea({ view, sessionId, onClearSearch, onBack, extra }: DetailAreaProps) {
  if (view.loadFailed) return <RetryAlert text={messages.loadFailed} onRetry={view.retryLoad} />;
  if (!view.isLoaded) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status" aria-label={messages.loadingRequests} />
      </div>
    );
  }
  if (view.events.length === 0 && onClearSearch) {
    return (
      <EmptyState title={messages.noMatches} text={messages.noMatchesText}>
        <Button variant="outline-secondary" size="sm" className="mt-3" onClick={onClearSearch}>
          {messages.clearSearch}
        </Button>
      </EmptyState>
    );
  }
  if (view.events.length === 0) {
    return (
      <EmptyState
        title={messages.emptyTitle}
        text={messages.emptyText}
        icon={<Spinner animation="grow" variant="primary" />}
      >
        <TryIt sessionId={sessionId} />
      </EmptyState>
    );
  }
  if (!view.selected) {
    return <EmptyState title={messages.noSelectionTitle} text={messages.noSelectionText} />;
  }
  return <RequestDetail event={view.selected} sessionId={sessionId} onBack={onBack} extra={extra} />;
}
