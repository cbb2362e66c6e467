/**
 * "Webhooks" in the URL Shortener's header: a dialog to add click webhook endpoints (for all links
 * or the selected one), see their secrets, status and recent deliveries, re-enable and delete them.
 */
import { useState } from 'react';
import { Button, ListGroup, Modal } from 'react-bootstrap';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { EndpointForm } from './EndpointForm';
import { EndpointItem } from './EndpointItem';
import { webhookMessages as text } from './messages';
import { useLinkWebhooks, type LinkWebhooksView } from './useLinkWebhooks';

function EndpointList({ view }: { view: LinkWebhooksView }) {
  if (view.isLoading) return <LoadingStatus text={text.loading} className="py-2" />;
  if (view.loadFailed) return <RetryAlert text={text.loadFailed} onRetry={view.retryLoad} />;
  const endpoints = view.endpoints ?? [];
  if (endpoints.length === 0) return <p className="text-body-secondary">{text.none}</p>;
  return (
    <ListGroup as="ul" className="mb-3">
      {endpoints.map((endpoint) => (
        <EndpointItem
          key={endpoint.id}
          endpoint={endpoint}
          isBusy={view.isSaving}
          onReEnable={(chosen) => void view.reEnable(chosen)}
          onRemove={(chosen) => void view.remove(chosen)}
        />
      ))}
    </ListGroup>
  );
}

export function WebhooksButton({ selectedLinkId }: { selectedLinkId: string | null }) {
  const [isOpen, setIsOpen] = useState(false);
  const view = useLinkWebhooks(isOpen);
  return (
    <>
      <Button variant="outline-secondary" onClick={() => setIsOpen(true)}>
        {text.button}
      </Button>
      <Modal
        show={isOpen}
        onHide={() => setIsOpen(false)}
        size="lg"
        fullscreen="sm-down"
        aria-labelledby="link-webhooks-title"
      >
        <Modal.Header closeButton closeLabel={text.close}>
          <Modal.Title id="link-webhooks-title" as="h2" className="h5">
            {text.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{text.intro}</p>
          <EndpointList view={view} />
          <EndpointForm selectedLinkId={selectedLinkId} isBusy={view.isSaving} onAdd={view.add} />
        </Modal.Body>
      </Modal>
    </>
  );
}
