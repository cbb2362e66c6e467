import type { ReactNode } from 'react';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { useRequestMarks } from '../useRequestMarks';
import { CompareView } from './CompareView';

interface CompareAreaProps {
  events: WebhookEvent[];
  /** Shown while fewer than two requests are picked. */
  children: ReactNode;
}

/** The comparison once two requests are picked, else the usual details (the list says what to pick). */
export function CompareArea({ events, children }: CompareAreaProps) {
  const { picked, setPicking } = useRequestMarks();
  const pickedEvents = events.filter((event) => picked.includes(event.id)).sort((a, b) => a.id - b.id);
  const [before, after] = pickedEvents;
  // Closing the comparison ends comparing: the rows lose their checkboxes again.
  if (before && after) return <CompareView before={before} after={after} onClose={() => setPicking(false)} />;
  return children;
}
