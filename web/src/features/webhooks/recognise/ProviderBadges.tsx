import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { PROVIDER_LABELS } from '../../../../../shared/providers';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { recogniseMessages as text } from './messages';
import { originOf } from './origin';

interface ProviderBadgesProps {
  event: WebhookEvent;
  /**
   * In the list the badges shrink to the room the row leaves them: the event type gives way with
   * an ellipsis, the provider's name is always shown whole.
   */
  isCompact?: boolean;
  /** More marks shown after the badges. */
  children?: ReactNode;
}

/** The sender's name and its event type (and in the details the delivery id); nothing for a request no provider claims. */
export function ProviderBadges({ event, isCompact = false, children }: ProviderBadgesProps) {
  const { provider, eventType, deliveryId } = originOf(event);
  if (!provider) return null;
  return (
    <span
      className={`d-inline-flex align-items-center gap-1 ${isCompact ? 'overflow-hidden' : 'w-100 flex-wrap'}`}
      style={isCompact ? { minWidth: 0 } : undefined}
    >
      <Badge
        bg="info-subtle"
        text="info-emphasis"
        className="border border-info-subtle text-truncate"
        style={isCompact ? { flexShrink: 0 } : undefined}
        title={PROVIDER_LABELS[provider]}
        data-testid="provider-badge"
      >
        {PROVIDER_LABELS[provider]}
      </Badge>
      {eventType && (
        <Badge
          bg="secondary-subtle"
          text="secondary-emphasis"
          className="border border-secondary-subtle font-monospace text-truncate"
          style={isCompact ? { minWidth: 0 } : undefined}
          title={eventType}
          data-testid="event-type-badge"
        >
          {eventType}
        </Badge>
      )}
      {children}
      {!isCompact && deliveryId && (
        <span className="small text-body-secondary text-break">
          {text.delivery} <code>{deliveryId}</code>
        </span>
      )}
    </span>
  );
}
