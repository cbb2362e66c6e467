import Badge from 'react-bootstrap/Badge';
import { displayMethod, methodVariant } from '../../../../../shared/webhooks';

interface MethodBadgeProps {
  method: string | null | undefined;
  /** On a highlighted row a badge of the same colour as the row needs an outline to stay visible. */
  isOnActive?: boolean;
}

export function MethodBadge({ method, isOnActive = false }: MethodBadgeProps) {
  return (
    <Badge bg={methodVariant(method)} className={`font-monospace ${isOnActive ? 'border border-light' : ''}`}>
      {displayMethod(method)}
    </Badge>
  );
}
