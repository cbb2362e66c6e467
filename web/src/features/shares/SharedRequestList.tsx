import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { MethodBadge } from '../../components/MethodBadge';
import { formatRowTime } from '../../lib/format';
import { ContractBadge } from '../webhooks/verdicts/ContractBadge';
import { SignatureBadge } from '../webhooks/verdicts/SignatureBadge';
import { shareMessages as text } from './messages';

interface SharedRequestListProps {
  events: WebhookEvent[];
  selectedId: number | null;
  hasOlder: boolean;
  onSelect: (id: number) => void;
  onLoadOlder: () => void;
}

/** The shared requests, newest first: method, path, verdicts and time; nothing in it changes anything. */
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
      <ListGroup as="ul" variant="flush" aria-label={text.listLabel}>
        {events.map((event) => {
          const isSelected = event.id === selectedId;
          return (
            <li key={event.id} className={`list-group-item p-0 ${isSelected ? 'active' : ''}`}>
              <button
                type="button"
                aria-current={isSelected}
                className="list-group-item-action text-reset bg-transparent border-0 w-100 text-start d-flex align-items-center gap-2 px-3 py-1"
                onClick={() => onSelect(event.id)}
              >
                <MethodBadge method={event.method} isOnActive={isSelected} />
                <span className="font-monospace small text-truncate flex-grow-1">{event.path}</span>
                <SignatureBadge verdict={event.verdicts?.signature} />
                <ContractBadge verdict={event.verdicts?.contract} />
                <span className="small text-nowrap">{formatRowTime(event.timestamp)}</span>
              </button>
            </li>
          );
        })}
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
