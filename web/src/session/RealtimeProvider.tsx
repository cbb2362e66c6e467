/**
 * One socket per session for the whole app. On every (re)connect it joins the user's room, and
 * `useRealtimeEvent` lets a feature listen to one event while it is mounted.
 */
import { createContext, useEffect, useMemo, type ReactNode } from 'react';
import { JOIN_USER_ROOM } from '../../../shared/realtime';
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
    socket.on('connect', join);
    socket.connect();
    return () => {
      socket.off('connect', join);
      socket.close();
    };
  }, [socket, user]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}
