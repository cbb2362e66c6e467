/** The Relays drawer: the destinations with their state, the secret of one just added, and the form. */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { RELAY_MODE_LABELS, type Relay } from '../../../../shared/relays';
import { CopyButton } from '../../components/CopyButton';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { RelayForm } from './RelayForm';
import { relayMessages as text } from './messages';
import type { RelaysView } from './useRelays';

function filterText(relay: Relay): string {
  const { methods, path, q } = relay.filter;
  const parts = [methods.join(' '), path ?? '', q ? `“${q}”` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : text.anyRequest;
}

function resultText(relay: Relay): string | null {
  const last = relay.lastAttempt;
  if (!last) return null;
  return text.lastAttempt(last.error ?? String(last.status));
}

function RelayItem({ relay, view }: { relay: Relay; view: RelaysView }) {
  const isActive = relay.status === 'active';
  const last = resultText(relay);
  return (
    <ListGroup.Item as="li" data-testid="relay-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Badge bg={isActive ? 'success' : 'secondary'}>{isActive ? text.active : text.disabledBadge}</Badge>
        <code className="text-break flex-grow-1">{relay.url}</code>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => void view.update(relay.id, { enabled: !isActive })}
        >
          {isActive ? text.turnOff : text.turnOn}
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => void view.remove(relay.id)}>
          {text.remove}
        </Button>
      </div>
      <div className="small text-body-secondary mt-1">
        {RELAY_MODE_LABELS[relay.mode]} · {filterText(relay)}
      </div>
      {relay.disabledReason && <div className="small text-danger mt-1">{relay.disabledReason}</div>}
      {last && <div className="small text-body-secondary">{last}</div>}
      {relay.droppedCount > 0 && (
        <div className="small text-warning-emphasis">{text.dropped(relay.droppedCount)}</div>
      )}
    </ListGroup.Item>
  );
}

export function RelaysPanel({ view }: { view: RelaysView }) {
  const [secret, setSecret] = useState<string | null>(null);
  if (view.isLoading) return <LoadingStatus text={text.loading} className="py-2" />;
  if (view.loadFailed) return <RetryAlert text={text.loadFailed} onRetry={view.reload} />;
  return (
    <div>
      <p className="small text-body-secondary">{text.intro}</p>
      {view.items.length === 0 ? (
        <p className="text-body-secondary">{text.none}</p>
      ) : (
        <ListGroup as="ul" className="mb-3">
          {view.items.map((relay) => (
            <RelayItem key={relay.id} relay={relay} view={view} />
          ))}
        </ListGroup>
      )}
      {secret && (
        <Alert variant="success" className="small" role="status">
          <p className="mb-2">{text.shownOnce}</p>
          <code className="d-block text-break user-select-all mb-2" data-testid="relay-secret">
            {secret}
          </code>
          <div className="d-flex gap-2">
            <CopyButton text={secret} label={text.copy} successMessage={text.copied} />
            <Button size="sm" variant="outline-secondary" onClick={() => setSecret(null)}>
              {text.done}
            </Button>
          </div>
        </Alert>
      )}
      <RelayForm
        onAdd={async (body) => {
          const relay = await view.add(body);
          setSecret(relay.secret);
        }}
      />
    </div>
  );
}
