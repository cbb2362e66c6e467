import { useContext, useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '../../../shared/realtime';
import { RealtimeContext } from './RealtimeProvider';

/** Calls the latest `handler` for every `event` on the socket while the component is mounted. */
function useSocketListener(event: string, handler: (...args: never[]) => void): void {
  const socket = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    // socket.io-client's typed `on` cannot relate a generic event name to its listener.
    const listener = ((...args: never[]) => latest.current(...args)) as never;
    socket.on(event as never, listener);
    return () => {
      socket.off(event as never, listener);
    };
  }, [socket, event]);
}

/** Calls `handler` for every `event` while the component is mounted. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  useSocketListener(event, handler);
}

/**
 * Calls `handler` each time the socket (re)connects, so a feature can fetch what arrived while
 * it was not listening. A page mounted on an already connected socket loads fresh data anyway.
 */
export function useOnConnect(handler: () => void): void {
  useSocketListener('connect', handler);
}
