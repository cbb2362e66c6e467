/**
 * The Webhook Inspector: the session's capture URL on top, the live request list on the left and
 * the selected request on the right. `accessPanel` (who may read the inspector) is composed in
 * by the app, as it belongs to another feature.
 */
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { isFiltering } from '../../../../shared/event-search';
import { usePageTitle } from '../../pages/usePageTitle';
import { SessionGate } from '../../session/SessionGate';
import { useSession } from '../../session/useSession';
import { CompareArea } from './compare/CompareArea';
import { DetailArea } from './components/DetailArea';
import { RequestList } from './components/RequestList';
import { WebhookUrlCard } from './components/WebhookUrlCard';
import { ForwardCard } from './forward/ForwardCard';
import { messages } from './messages';
import { RequestMarksProvider } from './RequestMarksProvider';
import { ResponsesPanel } from './responses/ResponsesPanel';
import { countLabel } from './search/event-filter';
import { searchMessages } from './search/messages';
import { SearchBar } from './search/SearchBar';
import { useEventSearch } from './search/useEventSearch';
import { useListKeyboard } from './search/useListKeyboard';
import { useMatchCount } from './search/useMatchCount';
import { useUnreadTitle } from './search/useUnreadTitle';
import { useRequestNotifications } from './useRequestNotifications';
import { useWebhookEvents } from './useWebhookEvents';
import './webhooks.css';

interface WebhookPageProps {
  /** Shown under the webhook URL for the browser's own session (not for a Share link's). */
  accessPanel?: (sessionId: string) => ReactNode;
}

function WebhookInspector({ sessionId, accessPanel }: { sessionId: string } & WebhookPageProps) {
  const { isShared, isPrivate } = useSession();
  const search = useEventSearch();
  const matchCount = useMatchCount(search.filter);
  const view = useWebhookEvents(search.filter, matchCount.noteRemoved);
  useRequestNotifications();
  useUnreadTitle();
  useListKeyboard({
    events: view.events,
    selectedId: view.selected?.id ?? null,
    select: view.select,
    remove: view.remove,
    focusSearch: search.focus,
    clearSearch: search.clearText,
  });
  return (
    <RequestMarksProvider events={view.events}>
      <WebhookUrlCard sessionId={sessionId} isShared={isShared} isPrivate={isPrivate} />
      {!isShared && accessPanel?.(sessionId)}
      {/* Side by side, folded to one line each, so the list and details keep the height. */}
      <Row className="gx-3">
        <Col lg={6}>
          <ResponsesPanel sessionId={sessionId} />
        </Col>
        <Col lg={6}>
          <ForwardCard sessionId={sessionId} isPrivate={isPrivate} />
        </Col>
      </Row>
      <Row className="webhook-panels gx-3 gy-3 gy-lg-0">
        <Col lg={4} className="webhook-panel webhook-list-panel">
          <RequestList
            events={view.events}
            selectedId={view.selected?.id ?? null}
            isLoaded={view.isLoaded}
            hasOlder={view.hasOlder}
            isLoadingOlder={view.isLoadingOlder}
            olderFailed={view.olderFailed}
            onSelect={view.select}
            onDelete={view.remove}
            onLoadOlder={view.loadOlder}
            countLabel={countLabel(view.events.length, matchCount.counts)}
            emptyText={isFiltering(search.filter) ? searchMessages.noMatches : undefined}
            toolbar={
              <SearchBar
                text={search.text}
                chips={search.chips}
                filter={search.filter}
                inputRef={search.inputRef}
                hiddenNew={matchCount.hiddenNew}
                onTextChange={search.setText}
                onToggle={search.toggle}
                onClear={search.clearText}
              />
            }
          />
        </Col>
        <Col lg={8} className="webhook-panel">
          <CompareArea events={view.events}>
            <DetailArea view={view} sessionId={sessionId} />
          </CompareArea>
        </Col>
      </Row>
    </RequestMarksProvider>
  );
}

export function WebhookPage({ accessPanel }: WebhookPageProps = {}) {
  usePageTitle(messages.pageTitle);
  // Keyed so another session starts from an empty list rather than mixing two sessions' requests.
  return (
    <Container fluid className="webhook-page py-3">
      <SessionGate>
        {(user) => (
          <WebhookInspector key={user.sessionId} sessionId={user.sessionId} accessPanel={accessPanel} />
        )}
      </SessionGate>
    </Container>
  );
}
