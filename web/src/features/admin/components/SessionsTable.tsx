/** One list of the Sessions tab: each session's storage, its webhook URL's state and the admin's actions. */
import { Badge, Button, Table } from 'react-bootstrap';
import type { SessionUsage } from '../../../../../shared/admin';
import { shortUserId } from '../../../../../shared/sessions';
import { CopyButton } from '../../../components/CopyButton';
import { formatBinaryBytes, formatDateTime, formatRowTime } from '../../../lib/format';
import { messages } from '../messages';

interface SessionsTableProps {
  sessions: SessionUsage[];
  /** Caption read by screen readers: which list this is. */
  caption: string;
  busySessionId: string | null;
  onToggleSuspension: (session: SessionUsage) => void;
  onDeleteRequests: (session: SessionUsage) => void;
}

export function SessionsTable({
  sessions,
  caption,
  busySessionId,
  onToggleSuspension,
  onDeleteRequests,
}: SessionsTableProps) {
  return (
    <Table responsive size="sm" className="align-middle mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {messages.sessionsColumns.map((column) => (
            <th key={column} className="text-nowrap">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <SessionRow
            key={session.sessionId}
            session={session}
            isBusy={busySessionId === session.sessionId}
            onToggleSuspension={() => onToggleSuspension(session)}
            onDeleteRequests={() => onDeleteRequests(session)}
          />
        ))}
      </tbody>
    </Table>
  );
}

interface SessionRowProps {
  session: SessionUsage;
  isBusy: boolean;
  onToggleSuspension: () => void;
  onDeleteRequests: () => void;
}

function SessionRow({ session, isBusy, onToggleSuspension, onDeleteRequests }: SessionRowProps) {
  const shortId = shortUserId(session.sessionId);
  const isSuspended = session.suspendedAt !== null;
  return (
    <tr>
      <td className="text-nowrap">
        <span className="font-monospace me-2" title={session.sessionId}>
          {shortId}
        </span>
        <CopyButton
          text={session.sessionId}
          successMessage={messages.sessionIdCopied}
          label={messages.copyId}
          variant="outline-secondary"
        />
      </td>
      <td>{session.requests.toLocaleString('en-US')}</td>
      <td>{session.recentRequests.toLocaleString('en-US')}</td>
      <td className="text-nowrap" title={`${session.bytes.toLocaleString('en-US')} bytes`}>
        {formatBinaryBytes(session.bytes)}
      </td>
      <td
        className="text-nowrap"
        title={session.lastCaptureAt ? formatDateTime(session.lastCaptureAt) : undefined}
      >
        {session.lastCaptureAt ? formatRowTime(session.lastCaptureAt) : messages.never}
      </td>
      <td>
        {isSuspended ? (
          <Badge bg="danger" title={session.suspendedAt ? formatDateTime(session.suspendedAt) : undefined}>
            {messages.stateSuspended}
          </Badge>
        ) : (
          <Badge bg="success">{messages.stateActive}</Badge>
        )}
      </td>
      <td className="text-end text-nowrap">
        <Button
          size="sm"
          variant={isSuspended ? 'outline-success' : 'outline-warning'}
          className="me-2"
          disabled={isBusy}
          aria-label={isSuspended ? messages.liftLabel(shortId) : messages.suspendLabel(shortId)}
          onClick={onToggleSuspension}
        >
          {isSuspended ? messages.lift : messages.suspend}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={isBusy || session.requests === 0}
          aria-label={messages.deleteLabel(shortId)}
          onClick={onDeleteRequests}
        >
          {messages.delete}
        </Button>
      </td>
    </tr>
  );
}
