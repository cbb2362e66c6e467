import Badge from 'react-bootstrap/Badge';
import { PROVIDER_LABELS } from '../../../../../shared/providers';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { recogniseMessages as text } from './messages';
import { originOf } from './origin';

interface ProviderBadgesProps {
  event: WebhookEvent;
  isRedelivery: boolean;
  /** In the list the event type is cut to fit the row; the details show it whole with the delivery id. */
  isCompact?: boolean;
}

/** The sender's name, its event type and a redelivery mark; nothing for a request no provider claims. */
export function ProviderBadges({ event, isRedelivery, isCompact = false }: ProviderBadgesProps) {
  const { provider, eventType, deliveryId } = originOf(event);
  if (!provider) return null;
  return (
    <span
      className={`d-inline-flex align-items-center gap-1 ${isCompact ? 'overflow-hidden flex-shrink-1' : 'w-100 flex-wrap'}`}
    >
      <Badge
        bg="info-subtle"
        text="info-emphasis"
        className="border border-info-subtle"
        data-testid="provider-badge"
      >
        {PROVIDER_LABELS[provider]}
      </Badge>
      {eventType && (
        <Badge
          bg="secondary-subtle"
          text="secondary-emphasis"
          className={`border border-secondary-subtle font-monospace ${isCompact ? 'text-truncate' : ''}`}
          title={eventType}
          data-testid="event-type-badge"
        >
          {eventType}
        </Badge>
      )}
      {isRedelivery && (
        <Badge
          bg="warning-subtle"
          text="warning-emphasis"
          className="border border-warning-subtle"
          title={text.redeliveryHelp}
        >
          {text.redelivery}
        </Badge>
      )}
      {!isCompact && deliveryId && (
        <span className="small text-body-secondary text-break">
          {text.delivery} <code>{deliveryId}</code>
        </span>
      )}
    </span>
  );
}
