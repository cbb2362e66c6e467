/** A session's relay destinations: loaded, changed through the API, and read again when one changes elsewhere. */
import { useCallback } from 'react';
import { RELAY_CHANGED } from '../../../../shared/realtime';
import type { Relay, RelayCreate, RelayUpdate } from '../../../../shared/relays';
import { useSessionList, type SessionList } from '../../lib/useSessionList';
import { useRealtimeEvent } from '../../session/useRealtimeEvent';
import { addRelay, deleteRelay, listRelays, updateRelay } from './api';

export interface RelaysView extends SessionList<Relay> {
  /** Answers the new relay, with its secret in `sign` mode (shown this once). */
  add: (body: RelayCreate) => Promise<Relay>;
  update: (id: string, body: RelayUpdate) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export function useRelays(sessionId: string): RelaysView {
  const list = useSessionList(sessionId, listRelays);
  const { reload } = list;
  // A destination disabled after failing.
  useRealtimeEvent(RELAY_CHANGED, reload);
  const add = useCallback(
    async (body: RelayCreate) => {
      const relay = await addRelay(body);
      reload();
      return relay;
    },
    [reload],
  );
  const update = useCallback(
    async (id: string, body: RelayUpdate) => {
      await updateRelay(id, body);
      reload();
    },
    [reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await deleteRelay(id);
      reload();
    },
    [reload],
  );
  return { ...list, add, update, remove };
}
