import { useCallback, useEffect, useState } from 'react';

/** A list the session holds (its contracts, its signing secrets, …) as a panel shows it. */
export interface SessionList<T> {
  items: T[];
  isLoading: boolean;
  loadFailed: boolean;
  /** Loads the list again, after a change. */
  reload: () => void;
}

/** The session's list from `load`, loaded for each session and again on `reload`. */
export function useSessionList<T>(sessionId: string, load: () => Promise<T[]>): SessionList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    load()
      .then((loaded) => {
        if (!isCurrent) return;
        setItems(loaded);
        setLoadFailed(false);
      })
      .catch(() => isCurrent && setLoadFailed(true))
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
    // `load` is a module's function; the list belongs to the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { items, isLoading, loadFailed, reload };
}
