/**
 * The Sessions tab: the sessions holding the most storage, those capturing the most lately and
 * the suspended ones, with the admin's actions: suspend or lift a webhook URL, delete a session's
 * requests (after a confirmation), free an inspector name.
 */
import { useState } from 'react';
import { Button, Card, ProgressBar, Spinner } from 'react-bootstrap';
import type { InstanceStorage, SessionUsage } from '../../../../shared/admin';
import { shortUserId } from '../../../../shared/sessions';
import { ConfirmModal } from '../../components/ConfirmModal';
import { LoadingStatus } from '../../components/LoadingStatus';
import { RetryAlert } from '../../components/RetryAlert';
import { formatBinaryBytes } from '../../lib/format';
import { FreeNameForm } from './components/FreeNameForm';
import { SessionsTable } from './components/SessionsTable';
import { messages } from './messages';
import { useAdminSessions } from './useAdminSessions';

/** Every session's stored requests together against the instance's budget. */
function StorageBudget({ storage }: { storage: InstanceStorage }) {
  const percent = storage.budgetBytes > 0 ? Math.round((storage.bytes / storage.budgetBytes) * 100) : 0;
  return (
    <section aria-label={messages.instanceStorageLabel}>
      <p className="mb-2">
        {messages.instanceStorage(
          formatBinaryBytes(storage.bytes),
          formatBinaryBytes(storage.budgetBytes),
          percent,
        )}
      </p>
      {/* Nested, so the label lands on the element with the progressbar role. */}
      <ProgressBar>
        <ProgressBar
          now={Math.min(percent, 100)}
          variant={percent >= 90 ? 'warning' : 'info'}
          aria-label={messages.instanceStorageLabel}
        />
      </ProgressBar>
    </section>
  );
}

export function SessionsManagement() {
  const view = useAdminSessions();
  const [toDelete, setToDelete] = useState<SessionUsage | null>(null);

  async function handleConfirmDelete() {
    if (!toDelete) return;
    await view.deleteRequests(toDelete.sessionId);
    setToDelete(null);
  }

  const tableProps = {
    busySessionId: view.busySessionId,
    onToggleSuspension: (session: SessionUsage) =>
      void view.setSuspended(session.sessionId, session.suspendedAt === null),
    onDeleteRequests: setToDelete,
  };
  const lists = view.overview && [
    { title: messages.largestTitle, empty: messages.largestNone, sessions: view.overview.largest },
    { title: messages.busiestTitle, empty: messages.busiestNone, sessions: view.overview.busiest },
    { title: messages.suspendedTitle, empty: messages.suspendedNone, sessions: view.overview.suspended },
  ];

  return (
    <Card>
      <Card.Header className="d-flex justify-content-between align-items-center">
        <h2 className="h5 mb-0">{messages.sessionsTitle}</h2>
        <Button size="sm" variant="outline-secondary" onClick={view.refresh} disabled={view.isRefreshing}>
          {view.isRefreshing && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {messages.refresh}
        </Button>
      </Card.Header>
      <Card.Body className="d-flex flex-column gap-4">
        <p className="text-body-secondary mb-0">{messages.sessionsIntro}</p>
        <FreeNameForm />
        {view.overview && <StorageBudget storage={view.overview.storage} />}
        {view.isLoading && <LoadingStatus text={messages.sessionsLoading} />}
        {view.loadFailed && <RetryAlert text={messages.sessionsLoadFailed} onRetry={view.refresh} />}
        {lists?.map((list) => (
          <section key={list.title} aria-label={list.title}>
            <h3 className="h6">{list.title}</h3>
            {list.sessions.length === 0 ? (
              <p className="text-body-secondary mb-0">{list.empty}</p>
            ) : (
              <SessionsTable sessions={list.sessions} caption={list.title} {...tableProps} />
            )}
          </section>
        ))}
      </Card.Body>
      <ConfirmModal
        show={toDelete !== null}
        title={messages.deleteTitle}
        message={
          toDelete
            ? messages.deleteConfirm(
                shortUserId(toDelete.sessionId),
                toDelete.requests,
                formatBinaryBytes(toDelete.bytes),
              )
            : ''
        }
        confirmLabel={messages.deleteRequests}
        isBusy={view.busySessionId !== null}
        onConfirm={() => void handleConfirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Card>
  );
}
