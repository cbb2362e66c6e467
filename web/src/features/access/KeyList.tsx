import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { ApiKey } from '../../../../shared/access';
import { formatDateTime } from '../../../../shared/dates';
import { ConfirmModal } from '../../components/ConfirmModal';
import { RevokeTable } from '../../components/RevokeTable';
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

const TABLE_TEXT = {
  title: text.keysHeading,
  none: text.noKeys,
  columns: [text.columns.name, text.columns.created, text.columns.lastUsed],
  actions: text.columns.actions,
  revoke: text.revoke,
};

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

  return (
    <>
      <RevokeTable
        items={keys}
        text={TABLE_TEXT}
        rowOf={(key) => ({
          name: (
            <>
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
            </>
          ),
          cells: [
            formatDateTime(key.createdAt),
            key.lastUsedAt ? formatDateTime(key.lastUsedAt) : text.neverUsed,
          ],
          revokeLabel: text.revokeLabel(key.name),
        })}
        onRevoke={setRevoking}
      />
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
