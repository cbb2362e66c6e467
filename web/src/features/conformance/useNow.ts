import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` while `isTicking`, so "time left" stays true. */
export function useNow(isTicking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [isTicking, everyMs]);
  return now;
}
