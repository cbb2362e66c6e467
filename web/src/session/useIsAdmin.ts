import { useQuery } from '@tanstack/react-query';
import { ADMIN_CHECK_STATUS_PATH, type AdminStatus } from '../../../shared/admin';
import { http } from '../lib/http';
import { useSession } from './useSession';

export const ADMIN_STATUS_KEY = ['admin-status'] as const;

/** Whether the server says this browser is an admin; a failed check counts as not admin. */
export function useIsAdmin(): { isAdmin: boolean; isChecking: boolean } {
  const { user } = useSession();
  const query = useQuery({
    queryKey: [...ADMIN_STATUS_KEY, user?.sessionId],
    queryFn: () => http.get<AdminStatus>(ADMIN_CHECK_STATUS_PATH),
    enabled: user !== null,
    retry: false,
  });
  return {
    isAdmin: query.data?.isAdmin === true,
    isChecking: user === null || query.isPending,
  };
}
