/** An endpoint's recent deliveries: what was sent, how it went, which attempt, when. */
import { useQuery } from '@tanstack/react-query';
import { Badge, Table } from 'react-bootstrap';
import type { LinkWebhookDelivery, LinkWebhookDeliveryState } from '../../../../shared/link-webhooks';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { activeSessionId } from '../../lib/http';
import { formatDateTime } from '../../lib/format';
import { listDeliveries } from './api';
import { webhookMessages as text } from './messages';

const STATE_VARIANTS: Record<LinkWebhookDeliveryState, string> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
  dropped: 'secondary',
};

function resultOf(delivery: LinkWebhookDelivery): string {
  const parts = [delivery.statusCode === null ? null : String(delivery.statusCode), delivery.error];
  if (delivery.nextAttemptAt) parts.push(text.pendingUntil(formatDateTime(delivery.nextAttemptAt)));
  return parts.filter(Boolean).join(' · ') || '—';
}

export function DeliveryList({ endpointId }: { endpointId: string }) {
  const query = useQuery({
    queryKey: ['link-webhook-deliveries', activeSessionId(), endpointId],
    queryFn: () => listDeliveries(endpointId),
    refetchInterval: 3000,
  });
  if (query.isLoading) return <LoadingStatus text={text.deliveriesLoading} className="py-2" />;
  if (query.isError) return <RetryAlert text={text.deliveriesFailed} onRetry={() => void query.refetch()} />;
  const deliveries = query.data ?? [];
  if (deliveries.length === 0) return <p className="small text-body-secondary mb-0">{text.noDeliveries}</p>;
  return (
    <Table size="sm" responsive className="small mb-0" aria-label={text.showDeliveries}>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">State</th>
          <th scope="col">Result</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.messageId}>
            <td>
              <code>{delivery.type}</code>
            </td>
            <td>
              <Badge bg={STATE_VARIANTS[delivery.state]}>{delivery.state}</Badge>{' '}
              <span className="text-body-secondary">{text.attempt(delivery.attempts)}</span>
            </td>
            <td className="text-break">{resultOf(delivery)}</td>
            <td className="text-nowrap">{formatDateTime(delivery.at)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
