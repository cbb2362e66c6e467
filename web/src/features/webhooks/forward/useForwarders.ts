/**
 * The forwarders connected to the session, kept live: asked once the page opens and after every
 * reconnect (one may have come or gone meanwhile), then told by `forwarders-changed`. An answer
 * to the question that arrives after a change was told is older than that change, and is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FORWARDERS_CHANGED, type ForwardersPayload } from '../../../../../shared/realtime';
import { useOnConnect, useRealtimeEvent } from '../../../session/useRealtimeEvent';
import { getForwarders } from './api';

/** Null until known. */
export function useForwarders(): ForwardersPayload | null {
  const [forwarders, setForwarders] = useState<ForwardersPayload | null>(null);
  const [asked, setAsked] = useState(0);
  // Counts the changes told live, so an answer can tell whether one came while it was on its way.
  const told = useRef(0);
  useEffect(() => {
    let isCurrent = true;
    const toldWhenAsked = told.current;
    getForwarders().then(
      (counts) =>
        isCurrent &&
        told.current === toldWhenAsked &&
        typeof counts.count === 'number' &&
        setForwarders(counts),
      // Unknown for now: the next reconnect or change tells.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [asked]);
  useOnConnect(useCallback(() => setAsked((count) => count + 1), []));
  useRealtimeEvent(FORWARDERS_CHANGED, (counts) => {
    told.current += 1;
    setForwarders(counts);
  });
  return forwarders;
}
