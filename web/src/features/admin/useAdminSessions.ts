/**
 * The Sessions tab's data: the overview through react-query, and the admin's two actions (suspend
 * or lift a webhook URL, delete a session's requests), after which the overview is fetched again.
 * Outcomes are told in toasts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionsOverview } from '../../../../shared/admin';
import { shortUserId } from '../../../../shared/sessions';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { deleteSessionRequests, getSessionsOverview, setSessionSuspended } from './api';
import { messages } from './messages';

const overviewKey = ['admin-sessions'] as const;

export interface AdminSessionsView {
  overview: SessionsOverview | undefined;
  isLoading: boolean;
  loadFailed: boolean;
  isRefreshing: boolean;
  refresh: () => void;
  /** The session whose action is in flight, else null. */
  busySessionId: string | null;
  setSuspended: (sessionId: string, suspended: boolean) => Promise<void>;
  deleteRequests: (sessionId: string) => Promise<void>;
}

export function useAdminSessions(): AdminSessionsView {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: overviewKey, queryFn: getSessionsOverview });
  const refetch = () => queryClient.invalidateQueries({ queryKey: overviewKey });

  const suspension = useMutation({
    mutationFn: ({ sessionId, suspended }: { sessionId: string; suspended: boolean }) =>
      setSessionSuspended(sessionId, suspended),
    onSuccess: (_usage, { sessionId, suspended }) => {
      const shortId = shortUserId(sessionId);
      notify.success(suspended ? messages.suspended(shortId) : messages.lifted(shortId));
      return refetch();
    },
    onError: (error) => notify.error(messageOf(error, messages.suspendFailed)),
  });

  const deletion = useMutation({
    mutationFn: (sessionId: string) => deleteSessionRequests(sessionId),
    onSuccess: ({ deleted }, sessionId) => {
      notify.success(messages.deleted(shortUserId(sessionId), deleted));
      return refetch();
    },
    onError: (error) => notify.error(messageOf(error, messages.deleteFailed)),
  });

  const busySessionId = suspension.isPending
    ? suspension.variables.sessionId
    : deletion.isPending
      ? deletion.variables
      : null;

  return {
    overview: query.data,
    isLoading: query.isPending,
    loadFailed: query.isError,
    isRefreshing: query.isFetching && !query.isPending,
    refresh: () => void query.refetch(),
    busySessionId,
    // Failures are told in a toast by the mutation itself.
    setSuspended: (sessionId, suspended) =>
      suspension.mutateAsync({ sessionId, suspended }).then(
        () => undefined,
        () => undefined,
      ),
    deleteRequests: (sessionId) =>
      deletion.mutateAsync(sessionId).then(
        () => undefined,
        () => undefined,
      ),
  };
}
