import { useCallback, useEffect, useState } from 'react';
import type { Contract } from '../../../../shared/contracts';
import { countFailing, listContracts } from './api';

export interface ContractsView {
  contracts: Contract[];
  isLoading: boolean;
  loadFailed: boolean;
  /** Stored requests that failed their contract; null until counted. */
  failing: number | null;
  reload: () => void;
}

/** The session's contracts, loaded once and again after each change. */
export function useContracts(sessionId: string): ContractsView {
  const [contracts, setContracts] = useState<Contract[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [failing, setFailing] = useState<number | null>(null);
  useEffect(() => {
    let isCurrent = true;
    listContracts()
      .then((loaded) => {
        if (!isCurrent) return;
        setContracts(loaded);
        setLoadFailed(false);
      })
      .catch(() => isCurrent && setLoadFailed(true))
      .finally(() => isCurrent && setIsLoading(false));
    countFailing()
      .then((count) => isCurrent && setFailing(count))
      .catch(() => isCurrent && setFailing(null));
    return () => {
      isCurrent = false;
    };
  }, [sessionId, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { contracts, isLoading, loadFailed, failing, reload };
}
