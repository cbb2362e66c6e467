import { useContext, useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '../../../shared/realtime';
import { RealtimeContext } from './RealtimeProvider';

/** Calls `handler` for every `event` while the component is mounted. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const socket = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    // socket.io-client's typed `on` cannot relate a generic event name to its listener.
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}

/**
 * Calls `handler` each time the socket (re)connects, so a feature can fetch what arrived while
 * it was not listening. A page mounted on an already connected socket loads fresh data anyway.
 */
export function useOnConnect(handler: () => void): void {
  const socket = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => latest.current();
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
