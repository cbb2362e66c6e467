/**
 * One socket per session for the whole app. On every (re)connect it joins the user's room, and
 * `useRealtimeEvent` lets a feature listen to one event while it is mounted. The server closes a
 * socket whose access ended (its key was revoked, or the session went private without one): the
 * provider then asks the API whether this browser still gets in, which either restarts the
 * session (refused) or connects again with the current handshake (e.g. a key stored meanwhile).
 */
import { createContext, useEffect, useMemo, type ReactNode } from 'react';
import { JOIN_USER_ROOM } from '../../../shared/realtime';
import { ApiError, http } from '../lib/http';
import { createSocket, type AppSocket } from '../lib/socket';
import { useSession } from './useSession';

export const RealtimeContext = createContext<AppSocket | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  // Creating the socket does not connect it; the effect connects and closes it.
  const socket = useMemo(() => (user ? createSocket(user.sessionId) : null), [user]);

  useEffect(() => {
    if (!socket || !user) return;
    const join = () => socket.emit(JOIN_USER_ROOM, user.id);
    const recheck = (reason: string) => {
      if (reason !== 'io server disconnect') return;
      // A refusal (401) is handled by the session, which starts again.
      http.get('/api/user/privacy').then(
        () => socket.connect(),
        (error: unknown) => {
          if (!(error instanceof ApiError && error.status === 401)) socket.connect();
        },
      );
    };
    socket.on('connect', join);
    socket.on('disconnect', recheck);
    socket.connect();
    return () => {
      socket.off('connect', join);
      socket.off('disconnect', recheck);
      socket.close();
    };
  }, [socket, user]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}
