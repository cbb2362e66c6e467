import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { ShareLink } from '../../../../shared/shares';
import { formatDateTime } from '../../../../shared/dates';
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

/** The inspector's share links: what each shows, until when, when last used, and Revoke. */
export function ShareList({ links, onRevoke }: { links: ShareLink[]; onRevoke: (link: ShareLink) => void }) {
  // When the list was drawn: a link expiring while it is open shows as working until the next load.
  const [now] = useState(() => Date.now());
  if (links.length === 0) return <p className="small text-body-secondary mb-0">{text.noLinks}</p>;
  return (
    <Table size="sm" responsive className="small mb-0 align-middle" aria-label={text.linksHeading}>
      <thead>
        <tr>
          <th scope="col">{text.columns.what}</th>
          <th scope="col">{text.columns.expires}</th>
          <th scope="col">{text.columns.lastUsed}</th>
          <th scope="col">{text.columns.state}</th>
          <th scope="col">
            <span className="visually-hidden">{text.columns.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => {
          const state = stateOf(link, now);
          const what = text.whatOf(link.eventId);
          return (
            <tr key={link.id}>
              <th scope="row" className="fw-normal">
                {what}
              </th>
              <td>{formatDateTime(link.expiresAt)}</td>
              <td>{link.lastUsedAt ? formatDateTime(link.lastUsedAt) : text.neverUsed}</td>
              <td>
                <Badge bg={STATE_COLOURS[state]}>{text.states[state]}</Badge>
              </td>
              <td className="text-end">
                {state === 'working' && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={text.revokeLabel(what)}
                    onClick={() => onRevoke(link)}
                  >
                    {text.revoke}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
