import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { MethodBadge } from '../../components/MethodBadge';
import { formatRowTime } from '../../lib/format';
import { shareMessages as text } from './messages';

interface SharedRequestListProps {
  events: WebhookEvent[];
  selectedId: number | null;
  hasOlder: boolean;
  onSelect: (id: number) => void;
  onLoadOlder: () => void;
}

/** The shared requests, newest first: method, path and time; nothing in it changes anything. */
export function SharedRequestList({
  events,
  selectedId,
  hasOlder,
  onSelect,
  onLoadOlder,
}: SharedRequestListProps) {
  return (
    <Card className="shadow-sm">
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 className="h6 mb-0">{text.listLabel}</h2>
        <Badge bg="secondary">{events.length}</Badge>
      </Card.Header>
      <ListGroup variant="flush" role="list" aria-label={text.listLabel}>
        {events.map((event) => (
          <ListGroup.Item
            key={event.id}
            action
            active={event.id === selectedId}
            aria-current={event.id === selectedId}
            className="d-flex align-items-center gap-2 py-1"
            onClick={() => onSelect(event.id)}
          >
            <MethodBadge method={event.method} isOnActive={event.id === selectedId} />
            <span className="font-monospace small text-truncate flex-grow-1">{event.path}</span>
            <span className="small text-nowrap">{formatRowTime(event.timestamp)}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
      {hasOlder && (
        <Card.Footer>
          <Button size="sm" variant="outline-secondary" onClick={onLoadOlder}>
            {text.loadOlder}
          </Button>
        </Card.Footer>
      )}
    </Card>
  );
}
