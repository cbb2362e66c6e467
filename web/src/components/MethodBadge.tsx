import { displayMethod, methodVariant } from '../../../shared/webhooks';
import { SolidBadge } from './SolidBadge';

interface MethodBadgeProps {
  method: string | null | undefined;
  /** On a highlighted row a badge of the same colour as the row needs an outline to stay visible. */
  isOnActive?: boolean;
}

export function MethodBadge({ method, isOnActive = false }: MethodBadgeProps) {
  return (
    <SolidBadge
      colour={methodVariant(method)}
      className={`font-monospace ${isOnActive ? 'border border-light' : ''}`}
    >
      {displayMethod(method)}
    </SolidBadge>
  );
}
