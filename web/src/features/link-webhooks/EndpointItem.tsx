/** One endpoint: where it posts, for which links, its status and last result, its secret and actions. */
import { useState } from 'react';
import { Badge, Button, ListGroup } from 'react-bootstrap';
import {
  LINK_WEBHOOK_EVENT_LABELS,
  LINK_WEBHOOK_QUEUE_LIMIT,
  type LinkWebhook,
} from '../../../../shared/link-webhooks';
import { CopyButton } from '../../components/CopyButton';
import { formatDateTime } from '../../lib/format';
import { DeliveryList } from './DeliveryList';
import { webhookMessages as text } from './messages';

export function EndpointStatus({ endpoint }: { endpoint: LinkWebhook }) {
  if (endpoint.status === 'active') return <Badge bg="success">{text.active}</Badge>;
  const isAfterFailures = endpoint.failureCount > 0;
  return (
    <Badge bg={isAfterFailures ? 'danger' : 'secondary'}>
      {isAfterFailures ? text.disabled : text.turnedOff}
    </Badge>
  );
}

function lastDeliveryText(endpoint: LinkWebhook): string {
  const last = endpoint.lastDelivery;
  if (!last) return text.neverDelivered;
  const result = [last.status === null ? null : String(last.status), last.error].filter(Boolean).join(' · ');
  return `${result} (${formatDateTime(last.at)})`;
}

interface EndpointItemProps {
  endpoint: LinkWebhook;
  isBusy: boolean;
  onReEnable: (endpoint: LinkWebhook) => void;
  onRemove: (endpoint: LinkWebhook) => void;
}

export function EndpointItem({ endpoint, isBusy, onReEnable, onRemove }: EndpointItemProps) {
  const [isSecretShown, setIsSecretShown] = useState(false);
  const [areDeliveriesShown, setAreDeliveriesShown] = useState(false);
  return (
    <ListGroup.Item as="li" aria-label={endpoint.url} data-testid="link-webhook">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div className="text-break">
          <code>{endpoint.url}</code>
          <div className="small text-body-secondary">
            {endpoint.linkId ? text.scopeOne(endpoint.linkId) : text.scopeAll} ·{' '}
            {endpoint.events.map((event) => LINK_WEBHOOK_EVENT_LABELS[event]).join(', ')}
          </div>
        </div>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {endpoint.disabledReason && <p className="small text-danger mb-1">{endpoint.disabledReason}</p>}
      {endpoint.linkDeletedAt && <p className="small text-body-secondary mb-1">{text.linkDeleted}</p>}
      <p className="small mb-1">
        <span className="text-body-secondary">{text.lastDelivery}: </span>
        <span data-testid="last-delivery">{lastDeliveryText(endpoint)}</span>
        {endpoint.failureCount > 0 && (
          <span className="text-danger"> · {text.failedInARow(endpoint.failureCount)}</span>
        )}
        {endpoint.droppedCount > 0 && (
          <span className="text-danger" data-testid="dropped-count">
            {' '}
            · {text.droppedQueueFull(endpoint.droppedCount, LINK_WEBHOOK_QUEUE_LIMIT)}
          </span>
        )}
      </p>
      <div className="small mb-2 d-flex flex-wrap align-items-center gap-2">
        <span className="text-body-secondary">{text.secretLabel}:</span>
        {isSecretShown ? <code className="text-break">{endpoint.secret}</code> : <code>whsec_••••••••</code>}
        <Button size="sm" variant="link" className="p-0" onClick={() => setIsSecretShown((shown) => !shown)}>
          {isSecretShown ? text.hideSecret : text.showSecret}
        </Button>
        <CopyButton text={endpoint.secret} successMessage={text.secretCopied} label="Copy secret" />
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => setAreDeliveriesShown((shown) => !shown)}
        >
          {areDeliveriesShown ? text.hideDeliveries : text.showDeliveries}
        </Button>
        {endpoint.status === 'disabled' && (
          <Button size="sm" variant="outline-success" disabled={isBusy} onClick={() => onReEnable(endpoint)}>
            {text.reEnable}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline-danger"
          disabled={isBusy}
          aria-label={text.removeLabel(endpoint.url)}
          onClick={() => onRemove(endpoint)}
        >
          {text.remove}
        </Button>
      </div>
      {areDeliveriesShown && (
        <div className="mt-2">
          <DeliveryList endpointId={endpoint.id} />
        </div>
      )}
    </ListGroup.Item>
  );
}
