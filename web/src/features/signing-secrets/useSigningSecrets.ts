import { useCallback, useEffect, useState } from 'react';
import type { SigningSecret } from '../../../../shared/signing-secrets';
import { listSecrets } from './api';

export interface SigningSecretsView {
  secrets: SigningSecret[];
  isLoading: boolean;
  loadFailed: boolean;
  reload: () => void;
}

/** The session's signing secrets, loaded once and again after each change. */
export function useSigningSecrets(sessionId: string): SigningSecretsView {
  const [secrets, setSecrets] = useState<SigningSecret[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [round, setRound] = useState(0);
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
  return { secrets, isLoading, loadFailed, reload };
}
