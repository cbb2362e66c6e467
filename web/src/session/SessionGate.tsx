/**
 * Shows its content only once the anonymous session is ready, since the API calls need it: until
 * then a spinner, the failure with a Retry, or why a private session cannot be opened.
 */
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/sessions';
import { LoadingStatus } from '../components/LoadingStatus';
import { RetryAlert } from '../components/RetryAlert';
import { PrivateSessionNotice } from './PrivateSessionNotice';
import { useSession } from './useSession';

const STARTING_SESSION_TEXT = 'Starting your session…';
const SESSION_FAILED_TEXT = 'Could not start your session.';

export function SessionGate({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { user, status, retry } = useSession();
  if (user) return children(user);
  if (status === 'error') return <RetryAlert text={SESSION_FAILED_TEXT} onRetry={retry} />;
  if (status === 'private') return <PrivateSessionNotice />;
  return <LoadingStatus text={STARTING_SESSION_TEXT} className="py-5" />;
}
