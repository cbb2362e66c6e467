import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { messages } from '../messages';
import { WebhookUrlField } from './WebhookUrlField';

interface InspectorHeaderProps {
  sessionId: string;
  isShared: boolean;
  isPrivate: boolean;
  /** The Share control, given the full-access link's Copy button. */
  share?: (fullAccess: ReactNode) => ReactNode;
  /** The header's settings buttons (Response, Forward, …), each opening its drawer. */
  children: ReactNode;
  /** Which of the browser's inspectors this is, before its URL. */
  switcher?: ReactNode;
  /** Who may read the inspector (Access), beside its URL and Share. */
  access?: ReactNode;
}

/**
 * The inspector's compact header: the webhook URL with Copy and Share, then one button per
 * setting saying how it stands. Their drawers open over the page, so the request list keeps the
 * height of the window.
 */
export function InspectorHeader({
  sessionId,
  isShared,
  isPrivate,
  share,
  children,
  switcher,
  access,
}: InspectorHeaderProps) {
  return (
    <Card as="section" className="webhook-header mb-2 shadow-sm" aria-label={messages.headerLabel}>
      <Card.Body className="py-2 d-flex flex-wrap align-items-center gap-2">
        {switcher}
        <WebhookUrlField sessionId={sessionId} isShared={isShared} isPrivate={isPrivate} share={share} />
        {access}
        <div className="webhook-header-tools d-flex flex-wrap align-items-center gap-2">{children}</div>
        {isShared && <p className="small text-info-emphasis w-100 mb-0">{messages.sharedNote}</p>}
        {isPrivate && <p className="small text-body-secondary w-100 mb-0">{messages.privateShareNote}</p>}
      </Card.Body>
    </Card>
  );
}
