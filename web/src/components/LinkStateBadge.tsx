/** A short link's state as a coloured badge, on the user's own pages and in the admin panel. */
import { LINK_STATE_LABELS, LINK_STATE_VARIANTS, type LinkState } from '../../../shared/links';
import { SolidBadge } from './SolidBadge';

export function LinkStateBadge({ state }: { state: LinkState }) {
  return <SolidBadge colour={LINK_STATE_VARIANTS[state]}>{LINK_STATE_LABELS[state]}</SolidBadge>;
}
