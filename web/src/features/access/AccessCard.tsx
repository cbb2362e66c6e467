/**
 * "Access" in the inspector's header: whether the inspector is private (its webhook URL then only
 * receives; reading and changing it needs a key), opening a drawer with the switch and its keys:
 * give another browser access with a link, make a key for scripts and CI, see when each was last
 * used, revoke them.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { webhookUrl } from '../../../../shared/webhooks';
import { DrawerButton } from '../../components/DrawerButton';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { apiBase } from '../../lib/http';
import { KeyList } from './KeyList';
import { accessMessages as text } from './messages';
import { NewKeyDialog, type NewKeyKind } from './NewKeyDialog';
import { useAccess, type AccessView } from './useAccess';

function AccessPanel({ view, onNewKey }: { view: AccessView; onNewKey: (kind: NewKeyKind) => void }) {
  function renderKeys() {
    if (view.isLoading) return <LoadingStatus text={text.loadingKeys} className="py-2" />;
    if (view.loadFailed) return <RetryAlert text={text.keysFailed} onRetry={view.retryLoad} />;
    return <KeyList keys={view.keys ?? []} ownKeyId={view.ownKeyId} onRevoke={view.revoke} />;
  }
  return (
    <section aria-label={text.title}>
      <Form.Check
        type="switch"
        role="switch"
        id="private-switch"
        label={text.privateSwitch}
        checked={view.isPrivate}
        disabled={view.isSwitching}
        onChange={(event) => void view.changePrivacy(event.target.checked)}
      />
      <p className="small text-body-secondary mt-1">
        {view.isPrivate ? text.privateSummary : text.publicSummary}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button size="sm" onClick={() => onNewKey('link')}>
          {text.giveAccess}
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => onNewKey('key')}>
          {text.newKey}
        </Button>
      </div>
      <h3 className="fs-6 fw-semibold">{text.keysHeading}</h3>
      {renderKeys()}
    </section>
  );
}

export function AccessCard({ sessionId }: { sessionId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [dialog, setDialog] = useState<NewKeyKind | null>(null);
  const view = useAccess(sessionId, isOpen);
  return (
    <>
      <DrawerButton
        label={text.title}
        summary={view.isPrivate ? text.privateState : text.publicState}
        title={view.isPrivate ? text.privateSummary : text.publicSummary}
        onOpenChange={setIsOpen}
      >
        {() => <AccessPanel view={view} onNewKey={setDialog} />}
      </DrawerButton>
      {dialog && (
        <NewKeyDialog
          kind={dialog}
          webhookUrl={webhookUrl(apiBase, sessionId)}
          onCreate={view.create}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
