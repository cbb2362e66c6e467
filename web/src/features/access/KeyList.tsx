import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { ApiKey } from '../../../../shared/access';
import { formatDateTime } from '../../../../shared/dates';
import { ConfirmModal } from '../../components/ConfirmModal';
import { accessMessages as text } from './messages';

interface KeyListProps {
  keys: ApiKey[];
  ownKeyId: string | null;
  onRevoke: (key: ApiKey) => Promise<void>;
}

function revokeMessage(key: ApiKey | null, ownKeyId: string | null): string {
  if (!key) return '';
  return key.id === ownKeyId ? text.revokeOwnText(key.name) : text.revokeText(key.name);
}

/** The session's keys: name, when made, when last used, and Revoke (after a confirmation). */
export function KeyList({ keys, ownKeyId, onRevoke }: KeyListProps) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleConfirm() {
    if (!revoking) return;
    setIsBusy(true);
    await onRevoke(revoking);
    setIsBusy(false);
    setRevoking(null);
  }

  if (keys.length === 0) return <p className="small text-body-secondary mb-0">{text.noKeys}</p>;
  return (
    <>
      <Table size="sm" responsive className="small mb-0 align-middle" aria-label={text.keysHeading}>
        <thead>
          <tr>
            <th scope="col">{text.columns.name}</th>
            <th scope="col">{text.columns.created}</th>
            <th scope="col">{text.columns.lastUsed}</th>
            <th scope="col">
              <span className="visually-hidden">{text.columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="fw-normal text-break">
                {key.name}{' '}
                {key.scope === 'read' && (
                  <Badge bg="info" text="dark" className="fw-normal">
                    {text.readOnlyBadge}
                  </Badge>
                )}{' '}
                {key.id === ownKeyId && (
                  <Badge bg="secondary" className="fw-normal">
                    {text.thisBrowser}
                  </Badge>
                )}
              </th>
              <td>{formatDateTime(key.createdAt)}</td>
              <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : text.neverUsed}</td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={text.revokeLabel(key.name)}
                  onClick={() => setRevoking(key)}
                >
                  {text.revoke}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmModal
        show={revoking !== null}
        title={text.revokeTitle}
        message={revokeMessage(revoking, ownKeyId)}
        confirmLabel={text.revoke}
        isBusy={isBusy}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
