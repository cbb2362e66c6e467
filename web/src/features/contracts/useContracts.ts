import { useCallback, useEffect, useState } from 'react';
import type { Contract } from '../../../../shared/contracts';
import { listContracts } from './api';

export interface ContractsView {
  contracts: Contract[];
  isLoading: boolean;
  loadFailed: boolean;
  reload: () => void;
}

/** The session's contracts, loaded once and again after each change. */
export function useContracts(sessionId: string): ContractsView {
  const [contracts, setContracts] = useState<Contract[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [round, setRound] = useState(0);
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
    return () => {
      isCurrent = false;
    };
  }, [sessionId, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { contracts, isLoading, loadFailed, reload };
}
