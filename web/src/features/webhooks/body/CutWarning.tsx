import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import {
  EVENT_BODY_PREVIEW_BYTES,
  TRUNCATED_STUB_BYTES,
  type WebhookEvent,
} from '../../../../../shared/webhooks';
import { formatBytes } from './bytes';

/** Says when the body shown is not the whole request body, next to the download of what was stored. */
export function CutWarning({
  event,
  download,
}: {
  event: Pick<WebhookEvent, 'bodyCut' | 'truncated' | 'size'>;
  download: ReactNode;
}) {
  if (!event.bodyCut && !event.truncated) return null;
  return (
    <Alert variant="warning" className="py-2 small">
      {event.truncated
        ? `This request was larger than the capture limit; only the first ${formatBytes(TRUNCATED_STUB_BYTES)} was kept. `
        : `Showing the first ${formatBytes(EVENT_BODY_PREVIEW_BYTES)} of ${event.size.toLocaleString('en-US')} bytes. `}
      {download}
    </Alert>
  );
}
