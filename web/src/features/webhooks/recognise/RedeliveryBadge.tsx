import Badge from 'react-bootstrap/Badge';
import { recogniseMessages as text } from './messages';

/** Marks a request whose provider delivery id came before in this session. */
export function RedeliveryBadge() {
  return (
    <Badge
      bg="warning-subtle"
      text="warning-emphasis"
      className="border border-warning-subtle flex-shrink-0"
      title={text.redeliveryHelp}
    >
      {text.redelivery}
    </Badge>
  );
}
