/** A short link's state as a coloured badge, on the user's own pages and in the admin panel. */
import { Badge } from 'react-bootstrap';
import { LINK_STATE_LABELS, LINK_STATE_VARIANTS, type LinkState } from '../../../shared/links';

export function LinkStateBadge({ state }: { state: LinkState }) {
  return <Badge bg={LINK_STATE_VARIANTS[state]}>{LINK_STATE_LABELS[state]}</Badge>;
}
