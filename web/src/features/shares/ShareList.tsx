import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { ShareLink } from '../../../../shared/shares';
import { formatDateTime } from '../../../../shared/dates';
import { RevokeTable } from '../../components/RevokeTable';
import { shareMessages as text } from './messages';

type LinkState = keyof typeof text.states;

function stateOf(link: ShareLink, now: number): LinkState {
  if (link.revokedAt !== null) return 'revoked';
  return Date.parse(link.expiresAt) <= now ? 'expired' : 'working';
}

const STATE_COLOURS: Record<LinkState, string> = {
  working: 'success',
  revoked: 'secondary',
  expired: 'secondary',
};

const TABLE_TEXT = {
  title: text.linksHeading,
  none: text.noLinks,
  columns: [text.columns.what, text.columns.expires, text.columns.lastUsed, text.columns.state],
  actions: text.columns.actions,
  revoke: text.revoke,
};

/** The inspector's share links: what each shows, until when, when last used, and Revoke. */
export function ShareList({ links, onRevoke }: { links: ShareLink[]; onRevoke: (link: ShareLink) => void }) {
  // When the list was drawn: a link expiring while it is open shows as working until the next load.
  const [now] = useState(() => Date.now());
  return (
    <RevokeTable
      items={links}
      text={TABLE_TEXT}
      rowOf={(link) => {
        const state = stateOf(link, now);
        const what = text.whatOf(link.eventId);
        return {
          name: what,
          cells: [
            formatDateTime(link.expiresAt),
            link.lastUsedAt ? formatDateTime(link.lastUsedAt) : text.neverUsed,
            <Badge key="state" bg={STATE_COLOURS[state]}>
              {text.states[state]}
            </Badge>,
          ],
          revokeLabel: state === 'working' ? text.revokeLabel(what) : null,
        };
      }}
      onRevoke={onRevoke}
    />
  );
}
