/**
 * The sidebar: one row per URL with its click count, an analytics link and a delete button. A row
 * leads with what sets the link apart: its id (or alias), then where it goes, host and path end
 * (long URLs share their start, and short URLs their origin).
 */
import { useId, type ReactNode } from 'react';
import { Badge, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import type { ShortUrl } from '../../../../../shared/links';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/EmptyState';
import { LinkButton } from '../../../pages/LinkButton';
import { destinationLabel } from '../link-label';
import { messages } from '../messages';
import { ChartIcon, TrashIcon } from './Icons';
import { LinkMarkers } from './LinkMarkers';
import { LinkTags } from './LinkTags';

interface UrlListProps {
  urls: ShortUrl[];
  selectedId: string | null;
  isLoading: boolean;
  loadFailed: boolean;
  onSelect: (id: string) => void;
  onDelete: (url: ShortUrl) => void;
  onRetry: () => void;
  /** A mark another feature adds after the link's own (a broken destination, say). */
  marker?: (url: ShortUrl) => ReactNode;
}

export function UrlList(props: UrlListProps) {
  return (
    <Card className="h-100">
      <Card.Header className="d-flex justify-content-between align-items-center">
        <h2 className="h6 mb-0">{messages.listTitle}</h2>
        <Badge bg="secondary" pill>
          {props.urls.length}
        </Badge>
      </Card.Header>
      <ListBody {...props} />
    </Card>
  );
}

function ListBody({
  urls,
  selectedId,
  isLoading,
  loadFailed,
  onSelect,
  onDelete,
  onRetry,
  marker,
}: UrlListProps) {
  if (isLoading) {
    return (
      <Card.Body className="text-center text-body-secondary" role="status">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        {messages.loadingUrls}
      </Card.Body>
    );
  }
  if (loadFailed && urls.length === 0) {
    return (
      <Card.Body className="text-center">
        <p className="text-danger">{messages.fetchFailed}</p>
        <Button variant="outline-primary" size="sm" onClick={onRetry}>
          {messages.retry}
        </Button>
      </Card.Body>
    );
  }
  if (urls.length === 0) return <EmptyState title={messages.emptyTitle} text={messages.emptyText} />;
  return (
    <ListGroup as="ul" variant="flush" className="scroll-panel" aria-label={messages.listTitle}>
      {urls.map((url) => (
        <UrlRow
          key={url.id}
          url={url}
          isSelected={url.id === selectedId}
          onSelect={onSelect}
          onDelete={onDelete}
          marker={marker}
        />
      ))}
    </ListGroup>
  );
}

interface UrlRowProps {
  url: ShortUrl;
  isSelected: boolean;
  onSelect: (id: string) => void;
  onDelete: (url: ShortUrl) => void;
  marker?: (url: ShortUrl) => ReactNode;
}

/**
 * The id and the buttons on the first line, the destination on the whole second line. The whole
 * row selects the link (a stretched link); the buttons sit above it.
 */
function UrlRow({ url, isSelected, onSelect, onDelete, marker }: UrlRowProps) {
  const destinationId = useId();
  const destination = destinationLabel(url.url);
  return (
    <ListGroup.Item as="li" className={`position-relative py-2 ${isSelected ? 'bg-primary-subtle' : ''}`}>
      <div className="d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-link stretched-link text-reset text-decoration-none text-start flex-grow-1 p-0 d-flex align-items-center gap-1"
          style={{ minWidth: 0 }}
          aria-current={isSelected ? 'true' : undefined}
          aria-describedby={destinationId}
          title={`${url.shortUrl} → ${url.url}`}
          onClick={() => onSelect(url.id)}
        >
          <span className="font-monospace text-truncate">
            <span className="text-body-secondary">/s/</span>
            <span className="fw-semibold">{url.id}</span>
          </span>
          <LinkMarkers url={url} />
          {marker?.(url)}
        </button>
        <Badge bg="primary" pill>
          <span className="visually-hidden">{messages.clicks(url.clicks)}</span>
          <span aria-hidden="true">{url.clicks}</span>
        </Badge>
        <LinkButton
          to={paths.urlAnalytics(url.id)}
          variant="outline-secondary"
          size="sm"
          className="position-relative z-2"
        >
          <ChartIcon />
          <span className="visually-hidden">{messages.viewAnalytics}</span>
        </LinkButton>
        <Button
          variant="outline-danger"
          size="sm"
          className="position-relative z-2"
          aria-label={messages.deleteUrl}
          onClick={() => onDelete(url)}
        >
          <TrashIcon />
        </Button>
      </div>
      <small id={destinationId} className="d-flex mt-1 text-body-secondary" style={{ minWidth: 0 }}>
        <span className="text-truncate">{destination.host}</span>
        {destination.pathEnd && (
          <span className="text-truncate flex-shrink-0" style={{ maxWidth: '70%' }}>
            {destination.pathEnd}
          </span>
        )}
      </small>
      <LinkTags tags={url.tags} className="mt-1" />
    </ListGroup.Item>
  );
}
