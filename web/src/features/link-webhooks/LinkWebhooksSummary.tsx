/** In a link's detail panel: the webhook endpoints that cover this link, with their status. */
import { Card, ListGroup } from 'react-bootstrap';
import { EndpointStatus } from './EndpointItem';
import { webhookMessages as text } from './messages';
import { useLinkWebhooks } from './useLinkWebhooks';

export function LinkWebhooksSummary({ linkId }: { linkId: string }) {
  const view = useLinkWebhooks();
  const covering = (view.endpoints ?? []).filter(
    (endpoint) => endpoint.linkId === null || endpoint.linkId === linkId,
  );
  if (view.isLoading || view.loadFailed) return null;
  return (
    <Card as="section" aria-label={text.linkHeading}>
      <Card.Header as="h3" className="h6">
        {text.linkHeading}
      </Card.Header>
      {covering.length === 0 ? (
        <Card.Body className="small text-body-secondary">{text.linkNone}</Card.Body>
      ) : (
        <ListGroup variant="flush" as="ul">
          {covering.map((endpoint) => (
            <ListGroup.Item as="li" key={endpoint.id} className="d-flex justify-content-between gap-2 small">
              <code className="text-break">{endpoint.url}</code>
              <span className="text-nowrap">
                {endpoint.linkId ? text.scopeOne(endpoint.linkId) : text.scopeAll}{' '}
                <EndpointStatus endpoint={endpoint} />
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
