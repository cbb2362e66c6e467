/** A list row's verdict mark: filled green when the request passed a check, red when it did not. */
import type { ReactNode } from 'react';
import { SolidBadge } from '../../../components/SolidBadge';

interface VerdictBadgeProps {
  isGood: boolean;
  /** The verdict in a sentence, for the tooltip. */
  title: string;
  children: ReactNode;
}

export function VerdictBadge({ isGood, title, children }: VerdictBadgeProps) {
  return (
    <SolidBadge colour={isGood ? 'success' : 'danger'} className="flex-shrink-0" title={title}>
      {children}
    </SolidBadge>
  );
}
