/**
 * The forwarders connected to the session, kept live: asked once the page opens and after every
 * reconnect (one may have come or gone meanwhile), then told by `forwarders-changed`.
 */
import { useCallback, useEffect, useState } from 'react';
import { FORWARDERS_CHANGED, type ForwardersPayload } from '../../../../../shared/realtime';
import { useOnConnect, useRealtimeEvent } from '../../../session/useRealtimeEvent';
import { getForwarders } from './api';

/** Null until known. */
export function useForwarders(): ForwardersPayload | null {
  const [forwarders, setForwarders] = useState<ForwardersPayload | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    getForwarders().then(
      (counts) => isCurrent && typeof counts.count === 'number' && setForwarders(counts),
      // Unknown for now: the next reconnect or change tells.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [asked]);
  useOnConnect(useCallback(() => setAsked((count) => count + 1), []));
  useRealtimeEvent(FORWARDERS_CHANGED, setForwarders);
  return forwarders;
}
