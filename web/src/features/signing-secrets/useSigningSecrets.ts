import { useCallback, useEffect, useState } from 'react';
import type { EventsFilter } from '../../../../shared/event-search';
import { WEBHOOKS_CLEARED } from '../../../../shared/realtime';
import type { SigningSecret } from '../../../../shared/signing-secrets';
import { useRealtimeEvent } from '../../session/useRealtimeEvent';
import { useEventCounts } from '../webhooks/search/useEventCounts';
import { listSecrets } from './api';

export interface SigningSecretsView {
  secrets: SigningSecret[];
  isLoading: boolean;
  loadFailed: boolean;
  /**
   * Stored requests whose signature is invalid, kept current as requests arrive and after a "Clear
   * all"; null until counted.
   */
  invalid: number | null;
  reload: () => void;
}

/** The search token of invalid signatures, counted as the list counts a search. */
const INVALID_SIGNATURES: EventsFilter = { q: 'sig:invalid' };

/** The session's signing secrets, loaded once and again after each change, and the invalid count. */
export function useSigningSecrets(sessionId: string): SigningSecretsView {
  const [secrets, setSecrets] = useState<SigningSecret[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [round, setRound] = useState(0);
  const { counts, recount } = useEventCounts(INVALID_SIGNATURES);
  // "Clear all" (here or in another tab) leaves nothing to count.
  useRealtimeEvent(WEBHOOKS_CLEARED, recount);
  useEffect(() => {
    let isCurrent = true;
    listSecrets()
      .then((loaded) => {
        if (!isCurrent) return;
        setSecrets(loaded);
        setLoadFailed(false);
      })
      .catch(() => isCurrent && setLoadFailed(true))
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [sessionId, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { secrets, isLoading, loadFailed, invalid: counts?.matching ?? null, reload };
}
