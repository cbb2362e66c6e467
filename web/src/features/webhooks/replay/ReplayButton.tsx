import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { replayMessages as text } from './messages';
import { ReplayDialog } from './ReplayDialog';

interface ReplayButtonProps {
  event: WebhookEvent;
  sessionId: string;
}

/** Opens the Replay dialog for one request; the dialog starts afresh each time it opens. */
export function ReplayButton({ event, sessionId }: ReplayButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setIsOpen(true)}>
        {text.open}
      </Button>
      {isOpen && <ReplayDialog event={event} sessionId={sessionId} onClose={() => setIsOpen(false)} />}
    </>
  );
}
