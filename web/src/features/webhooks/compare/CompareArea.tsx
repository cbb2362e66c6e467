import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { useRequestMarks } from '../useRequestMarks';
import { CompareView } from './CompareView';
import { compareMessages as text } from './messages';

interface CompareAreaProps {
  events: WebhookEvent[];
  /** Shown while fewer than two requests are picked. */
  children: ReactNode;
}

/** The comparison once two requests are picked, else the usual details (with a hint after one pick). */
export function CompareArea({ events, children }: CompareAreaProps) {
  const { picked, clearPicks } = useRequestMarks();
  const pickedEvents = events.filter((event) => picked.includes(event.id)).sort((a, b) => a.id - b.id);
  const [before, after] = pickedEvents;
  if (before && after) return <CompareView before={before} after={after} onClose={clearPicks} />;
  return (
    <>
      {before && (
        <Alert variant="info" className="d-flex align-items-center justify-content-between gap-2 py-2">
          <span>{text.onePicked}</span>
          <Button size="sm" variant="outline-secondary" onClick={clearPicks}>
            {text.clear}
          </Button>
        </Alert>
      )}
      {children}
    </>
  );
}
