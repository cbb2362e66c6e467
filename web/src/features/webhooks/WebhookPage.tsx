/**
 * The Webhook Inspector: the session's capture URL on top, the live request list on the left and
 * the selected request on the right.
 */
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { usePageTitle } from '../../pages/usePageTitle';
import { useSession } from '../../session/useSession';
import { DetailArea } from './components/DetailArea';
import { RequestList } from './components/RequestList';
import { WebhookUrlCard } from './components/WebhookUrlCard';
import { messages } from './messages';
import { useRequestNotifications } from './useRequestNotifications';
import { useWebhookEvents } from './useWebhookEvents';
import './webhooks.css';

function WebhookInspector({ sessionId, isShared }: { sessionId: string; isShared: boolean }) {
  const view = useWebhookEvents();
  useRequestNotifications();
  return (
    <Container fluid className="webhook-page py-3">
      <WebhookUrlCard sessionId={sessionId} isShared={isShared} />
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
          <DetailArea view={view} sessionId={sessionId} />
        </Col>
      </Row>
    </Container>
  );
}

export function WebhookPage() {
  usePageTitle(messages.pageTitle);
  const { user, status, isShared, retry } = useSession();
  if (status === 'error') {
    return (
      <Container className="py-5">
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
          <span>{messages.sessionFailed}</span>
          <Button variant="outline-danger" size="sm" onClick={retry}>
            {messages.retry}
          </Button>
        </Alert>
      </Container>
    );
  }
  if (!user) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status" aria-label={messages.startingSession} />
      </div>
    );
  }
  // Keyed so another session starts from an empty list rather than mixing two sessions' requests.
  return <WebhookInspector key={user.sessionId} sessionId={user.sessionId} isShared={isShared} />;
}
