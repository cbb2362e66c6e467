/** Shows its content only once the anonymous session is ready; the suggestion calls need it. */
import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import type { SessionUser } from '../../../../../shared/sessions';
import { useSession } from '../../../session/useSession';
import { messages } from '../messages';

export function SessionGate({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { user, status, retry } = useSession();
  if (user) return children(user);
  if (status === 'error') {
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-2">
        <span>{messages.sessionFailed}</span>
        <Button variant="outline-danger" size="sm" onClick={retry}>
          {messages.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <div className="text-center text-body-secondary py-5" role="status">
      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      {messages.startingSession}
    </div>
  );
}
