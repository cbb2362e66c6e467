/**
 * "Share" in the inspector's header: a drawer to make a read-only link (the whole inspector or the
 * selected request, its lifetime, the headers it hides), list and revoke the links, and copy the
 * full-access link, which the inspector's page hands in as `fullAccess`.
 */
import { useState, type ReactNode } from 'react';
import { DrawerButton } from '../../components/DrawerButton';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { shareMessages as text } from './messages';
import { NewShareForm } from './NewShareForm';
import { ShareList } from './ShareList';
import { useShares, type SharesView } from './useShares';

interface ShareControlProps {
  sessionId: string;
  selectedEventId: number | null;
  fullAccess: ReactNode;
}

function Links({ view }: { view: SharesView }) {
  if (view.loadFailed) return <RetryAlert text={text.loadFailed} onRetry={view.reload} />;
  if (!view.links) return <LoadingStatus text={text.loading} className="py-2" />;
  return <ShareList links={view.links} onRevoke={(link) => void view.revoke(link)} />;
}

export function ShareControl({ sessionId, selectedEventId, fullAccess }: ShareControlProps) {
  const [isOpen, setIsOpen] = useState(false);
  const view = useShares(sessionId, isOpen);
  return (
    <DrawerButton
      label={text.button}
      drawerTitle={text.drawerTitle}
      title={text.buttonTitle}
      onOpenChange={setIsOpen}
    >
      {() => (
        <>
          <section aria-label={text.readOnlyHeading}>
            <h3 className="fs-6 fw-semibold">{text.readOnlyHeading}</h3>
            <p className="small text-body-secondary">{text.readOnlyIntro}</p>
            <NewShareForm selectedEventId={selectedEventId} onCreate={view.create} />
            <h3 className="fs-6 fw-semibold">{text.linksHeading}</h3>
            <Links view={view} />
          </section>
          <section aria-label={text.fullAccessHeading} className="mt-4">
            <h3 className="fs-6 fw-semibold">{text.fullAccessHeading}</h3>
            <p className="small text-body-secondary">{text.fullAccessIntro}</p>
            {fullAccess}
          </section>
        </>
      )}
    </DrawerButton>
  );
}
