import { useCallback, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { messages } from '../messages';
import { RequestListItem } from './RequestListItem';
import { VirtualList } from './VirtualList';

/** Fixed so the list can place rows without measuring them. */
const ROW_HEIGHT_PX = 64;

interface RequestListProps {
  events: WebhookEvent[];
  selectedId: number | null;
  isLoaded: boolean;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  olderFailed: boolean;
  onSelect: (id: number) => void;
  onDelete: (id: number) => void;
  onLoadOlder: () => void;
  /** Shown between the title and the list (the search). */
  toolbar?: ReactNode;
  /** The badge's text instead of the number listed. */
  countLabel?: string;
  /** The text of an empty list instead of "No requests yet". */
  emptyText?: string;
}

const keyOf = (event: WebhookEvent): number => event.id;

export function RequestList({
  events,
  selectedId,
  isLoaded,
  hasOlder,
  isLoadingOlder,
  olderFailed,
  onSelect,
  onDelete,
  onLoadOlder,
  toolbar,
  countLabel,
  emptyText = messages.noRequestsYet,
}: RequestListProps) {
  const renderRow = useCallback(
    (event: WebhookEvent) => (
      <RequestListItem
        event={event}
        isSelected={event.id === selectedId}
        onSelect={onSelect}
        onDelete={onDelete}
      />
    ),
    [selectedId, onSelect, onDelete],
  );

  const footer = hasOlder && (
    <div className="p-2 text-center">
      {olderFailed && <p className="text-danger small mb-2">{messages.loadFailed}</p>}
      <Button variant="outline-secondary" size="sm" disabled={isLoadingOlder} onClick={onLoadOlder}>
        {isLoadingOlder && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {messages.loadOlder}
      </Button>
    </div>
  );

  return (
    <Card className="webhook-list-card shadow-sm">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{messages.listTitle}</h2>
        <Badge bg="secondary" pill data-testid="request-count">
          {countLabel ?? events.length}
        </Badge>
      </Card.Header>
      {toolbar}
      {!isLoaded && (
        <div className="p-4 text-center">
          <Spinner animation="border" size="sm" role="status" aria-label={messages.loadingRequests} />
        </div>
      )}
      {isLoaded && events.length === 0 && !hasOlder && (
        <p className="text-body-secondary small text-center p-4 mb-0">{emptyText}</p>
      )}
      <VirtualList
        className="webhook-request-scroll"
        listClassName="list-group list-group-flush"
        items={events}
        rowHeight={ROW_HEIGHT_PX}
        getKey={keyOf}
        renderRow={renderRow}
        footer={footer}
        ariaLabel={messages.listTitle}
      />
    </Card>
  );
}
