/**
 * "Access": whether the inspector is private (its webhook URL then only receives; reading and
 * changing it needs a key) and, unfolded, its keys: give another browser access with a link, make
 * a key for scripts and CI, see when each was last used, revoke them.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { webhookUrl } from '../../../../shared/webhooks';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { apiBase } from '../../lib/http';
import { KeyList } from './KeyList';
import { accessMessages as text } from './messages';
import { NewKeyDialog, type NewKeyKind } from './NewKeyDialog';
import { useAccess } from './useAccess';

export function AccessCard({ sessionId }: { sessionId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [dialog, setDialog] = useState<NewKeyKind | null>(null);
  const view = useAccess(sessionId, isOpen);

  function renderKeys() {
    if (view.isLoading) return <LoadingStatus text={text.loadingKeys} className="py-2" />;
    if (view.loadFailed) return <RetryAlert text={text.keysFailed} onRetry={view.retryLoad} />;
    return <KeyList keys={view.keys ?? []} ownKeyId={view.ownKeyId} onRevoke={view.revoke} />;
  }

  return (
    <Card className="mb-3 shadow-sm" as="section" aria-labelledby="access-title">
      <Card.Body className="py-2">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id="access-title" className="fs-6 fw-semibold mb-0">
            {text.title}
          </h2>
          <Form.Check
            type="switch"
            role="switch"
            id="private-switch"
            label={text.privateSwitch}
            checked={view.isPrivate}
            disabled={view.isSwitching}
            onChange={(event) => void view.changePrivacy(event.target.checked)}
            className="mb-0"
          />
          <Button
            variant="outline-secondary"
            size="sm"
            className="ms-auto"
            aria-expanded={isOpen}
            aria-controls="access-body"
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? text.hideKeys : text.showKeys}
          </Button>
        </div>
        <p className="small text-body-secondary mb-0 mt-1">
          {view.isPrivate ? text.privateSummary : text.publicSummary}
        </p>
        {isOpen && (
          <div id="access-body" className="mt-3">
            <div className="d-flex flex-wrap gap-2 mb-3">
              <Button size="sm" onClick={() => setDialog('link')}>
                {text.giveAccess}
              </Button>
              <Button size="sm" variant="outline-primary" onClick={() => setDialog('key')}>
                {text.newKey}
              </Button>
            </div>
            <h3 className="fs-6 fw-semibold">{text.keysHeading}</h3>
            {renderKeys()}
          </div>
        )}
      </Card.Body>
      {dialog && (
        <NewKeyDialog
          kind={dialog}
          webhookUrl={webhookUrl(apiBase, sessionId)}
          onCreate={view.create}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
