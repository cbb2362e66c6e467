/**
 * `/shared/{token}`: what a read-only share link shows a stranger, without a session or a key: the
 * requests (refreshed every few seconds), one at a time, with secret headers as the link hides
 * them, and exports. There is no control here that changes anything. A revoked or expired link
 * (which the server answers 410) shows a page that says so.
 */
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { EmptyState } from '../../components/EmptyState';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../pages/usePageTitle';
import { sharedExportUrl } from './api';
import { shareMessages as text } from './messages';
import { SharedRequestDetail } from './SharedRequestDetail';
import { SharedRequestList } from './SharedRequestList';
import { useSharedInspector, type SharedState } from './useSharedInspector';
import './shares.css';

type Ready = Extract<SharedState, { status: 'ready' }>;

function SharedInspector({
  token,
  state,
  onLoadOlder,
}: {
  token: string;
  state: Ready;
  onLoadOlder: () => void;
}) {
  const { view, events } = state;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  // Where the details sit below the list (phones), a picked request is brought into view.
  const select = (id: number) => {
    setSelectedId(id);
    if (window.matchMedia?.('(max-width: 991.98px)').matches) detailRef.current?.scrollIntoView();
  };
  // The newest request is open until another is picked.
  const selected = events.find((event) => event.id === selectedId) ?? events[0] ?? null;
  return (
    <>
      <Card as="section" className="mb-3 shadow-sm" aria-label={text.pageHeading}>
        <Card.Body className="d-flex flex-wrap align-items-center gap-2 py-2">
          <h1 className="h5 mb-0">{text.pageHeading}</h1>
          <Badge bg="info" text="dark">
            {text.readOnlyBadge}
          </Badge>
          <p className="small text-body-secondary mb-0 flex-grow-1">
            {text.pageIntro(formatDateTime(view.expiresAt))}{' '}
            {view.redactedHeaders.length > 0 && text.redactedNote} {text.refreshNote}
          </p>
          <a className="btn btn-sm btn-outline-secondary" href={sharedExportUrl(token, 'har')} download>
            {text.exportHar}
          </a>
          <a className="btn btn-sm btn-outline-secondary" href={sharedExportUrl(token, 'ndjson')} download>
            {text.exportNdjson}
          </a>
        </Card.Body>
      </Card>
      {events.length === 0 ? (
        <EmptyState title={text.emptyTitle} text={text.emptyText} />
      ) : (
        <Row className="gx-3 gy-3">
          <Col lg={5} xxl={4} className="shared-list">
            <SharedRequestList
              events={events}
              selectedId={selected?.id ?? null}
              hasOlder={state.hasOlder}
              onSelect={select}
              onLoadOlder={onLoadOlder}
            />
          </Col>
          <Col lg={7} xxl={8} ref={detailRef}>
            {selected ? <SharedRequestDetail event={selected} /> : <p>{text.noneSelected}</p>}
          </Col>
        </Row>
      )}
    </>
  );
}

export function SharedPage() {
  usePageTitle(text.pageTitle);
  const { token = '' } = useParams();
  const { state, retry, loadOlder } = useSharedInspector(token);

  function renderState() {
    switch (state.status) {
      case 'loading':
        return <LoadingStatus text={text.loadingPage} />;
      case 'ended':
        return (
          <Alert variant="warning" className="mt-4" role="alert">
            <Alert.Heading as="h1" className="h4">
              {text.ended[state.reason].title}
            </Alert.Heading>
            <p className="mb-0">{text.ended[state.reason].text}</p>
          </Alert>
        );
      case 'unknown':
        return (
          <Alert variant="warning" className="mt-4" role="alert">
            <Alert.Heading as="h1" className="h4">
              {text.unknownTitle}
            </Alert.Heading>
            <p className="mb-0">{text.unknownText}</p>
          </Alert>
        );
      case 'failed':
        return <RetryAlert text={text.failedTitle} onRetry={retry} />;
      case 'ready':
        return <SharedInspector token={token} state={state} onLoadOlder={loadOlder} />;
    }
  }

  return (
    <Container fluid className="shared-page py-2">
      {renderState()}
    </Container>
  );
}
