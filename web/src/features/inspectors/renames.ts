/**
 * A rename made in one place (the switcher or the Settings drawer) told to the other, which
 * keeps its own copy of the name.
 */
import { useEffect, useRef } from 'react';

const RENAMED = 'hookbay:inspector-renamed';

interface Rename {
  sessionId: string;
  name: string | null;
}

export function announceRename(rename: Rename): void {
  window.dispatchEvent(new CustomEvent<Rename>(RENAMED, { detail: rename }));
}

/** Calls the latest `handler` for every rename announced while the component is mounted. */
export function useRenames(handler: (rename: Rename) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<Rename>).detail);
    window.addEventListener(RENAMED, listener);
    return () => window.removeEventListener(RENAMED, listener);
  }, []);
}
