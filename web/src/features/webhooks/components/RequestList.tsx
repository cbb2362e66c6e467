import { useCallback, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { compareMessages } from '../compare/messages';
import { messages } from '../messages';
import { useRequestMarks } from '../useRequestMarks';
import { ClearAllButton } from './ClearAllButton';
import { RequestListItem } from './RequestListItem';
import { VirtualList } from './VirtualList';

/** Fixed so the list can place rows without measuring them; two lines of text. */
const ROW_HEIGHT_PX = 50;

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
  /** Under a search: the empty list says no request matches, and this clears the search. */
  onClearSearch?: () => void;
  /** "Clear all"; left out for a Share link's viewer. */
  onClearAll?: () => Promise<boolean>;
  /** Every request of the session, for the question before clearing them all. */
  total?: number | null;
}

const keyOf = (event: WebhookEvent): number => event.id;

/** How many listed requests are newer than `seenId` (the list is newest first). */
function countNewer(events: readonly WebhookEvent[], seenId: number | null): number {
  if (seenId === null) return 0;
  const index = events.findIndex((event) => event.id <= seenId);
  return index === -1 ? events.length : index;
}

function EmptyList({ onClearSearch }: { onClearSearch?: () => void }) {
  if (!onClearSearch) {
    return <p className="text-body-secondary small text-center p-4 mb-0">{messages.noRequestsYet}</p>;
  }
  return (
    <div className="text-body-secondary small text-center p-4">
      <p className="mb-2">{messages.noMatches}</p>
      <Button size="sm" variant="outline-secondary" onClick={onClearSearch}>
        {messages.clearSearch}
      </Button>
    </div>
  );
}

/**
 * The requests, newest first, with their count, "Compare" and "Clear all". While the list is
 * scrolled down, requests arriving on top are counted on a "N new requests" button that goes back
 * up, rather than moving what is being read.
 */
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
  onClearSearch,
  onClearAll,
  total = null,
}: RequestListProps) {
  const marks = useRequestMarks();
  const scroller = useRef<HTMLDivElement>(null);
  // The newest request listed when the list was scrolled away from the top; null at the top.
  const [seenId, setSeenId] = useState<number | null>(null);
  const newestId = events[0]?.id ?? null;
  const handleScrolled = useCallback(
    (scrollTop: number) => {
      const isAtTop = scrollTop < ROW_HEIGHT_PX / 2;
      setSeenId((current) => (isAtTop ? null : (current ?? newestId)));
    },
    [newestId],
  );
  const newCount = countNewer(events, seenId);

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
      <Card.Header className="d-flex align-items-center gap-2 py-1">
        <h2 className="h6 mb-0">{messages.listTitle}</h2>
        <Badge bg="secondary" pill data-testid="request-count">
          {countLabel ?? events.length}
        </Badge>
        <span className="ms-auto d-flex align-items-center gap-1">
          <Button
            size="sm"
            variant={marks.isPicking ? 'secondary' : 'outline-secondary'}
            className="py-0"
            aria-pressed={marks.isPicking}
            title={compareMessages.toggleHelp}
            onClick={() => marks.setPicking(!marks.isPicking)}
          >
            {compareMessages.toggle}
          </Button>
          {onClearAll && <ClearAllButton total={total} onClear={onClearAll} />}
        </span>
      </Card.Header>
      {toolbar}
      {marks.isPicking && marks.picked.length < 2 && (
        <p className="small px-2 py-1 mb-0 border-bottom bg-body-tertiary" role="status">
          {compareMessages.picking(marks.picked.length)}
        </p>
      )}
      {!isLoaded && (
        <div className="p-4 text-center">
          <Spinner animation="border" size="sm" role="status" aria-label={messages.loadingRequests} />
        </div>
      )}
      {isLoaded && events.length === 0 && !hasOlder && <EmptyList onClearSearch={onClearSearch} />}
      <div className="webhook-request-area position-relative">
        {newCount > 0 && (
          <Button
            size="sm"
            variant="primary"
            className="new-requests-pill position-absolute top-0 start-50 translate-middle-x mt-2 rounded-pill shadow z-3"
            onClick={() => {
              scroller.current?.scrollTo({ top: 0 });
              setSeenId(null);
            }}
          >
            {messages.newRequests(newCount)}
          </Button>
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
          scrollerRef={scroller}
          onScrolled={handleScrolled}
        />
      </div>
    </Card>
  );
}
