/**
 * The Webhook Inspector: the session's capture URL on top, the live request list on the left and
 * the selected request on the right.
 */
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
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
import { useRequestNotifications } from './useRequestNotifications';
import { useWebhookEvents } from './useWebhookEvents';
import './webhooks.css';

function WebhookInspector({ sessionId }: { sessionId: string }) {
  const { isShared } = useSession();
  const view = useWebhookEvents();
  useRequestNotifications();
  return (
    <RequestMarksProvider events={view.events}>
      <WebhookUrlCard sessionId={sessionId} isShared={isShared} />
      <ResponsesPanel sessionId={sessionId} />
      <ForwardCard sessionId={sessionId} />
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

export function WebhookPage() {
  usePageTitle(messages.pageTitle);
  // Keyed so another session starts from an empty list rather than mixing two sessions' requests.
  return (
    <Container fluid className="webhook-page py-3">
      <SessionGate>
        {(user) => <WebhookInspector key={user.sessionId} sessionId={user.sessionId} />}
      </SessionGate>
    </Container>
  );
}
