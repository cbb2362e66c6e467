/**
 * The capture path's view of which sessions an admin suspended, in memory: a session is read from
 * the database once, changes made by this process replace its entry, and changes made on another
 * instance are announced (realtime/cluster.ts), which drops it here.
 */
export interface SuspensionCache {
  /** true or false when known; undefined when not cached. */
  get(sessionId: string): boolean | undefined;
  /** Remembers what the database said, unless a change came in since `generation` was taken. */
  fill(sessionId: string, isSuspended: boolean, generation: number): void;
  /** Remembers a change this process just made. */
  set(sessionId: string, isSuspended: boolean): void;
  delete(sessionId: string): void;
  /** Forgets every session, e.g. when changes made elsewhere may have been missed. */
  clear(): void;
  /** Taken before a database read; a change in between makes that read's result stale. */
  generation(): number;
}

export function createSuspensionCache(limit = 100_000): SuspensionCache {
  const entries = new Map<string, boolean>();
  let changes = 0;

  function remember(sessionId: string, isSuspended: boolean): void {
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (entries.size >= limit && !entries.has(sessionId)) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(sessionId, isSuspended);
  }

  return {
    get: (sessionId) => entries.get(sessionId),
    fill(sessionId, isSuspended, generation) {
      if (generation === changes) remember(sessionId, isSuspended);
    },
    set(sessionId, isSuspended) {
      changes++;
      remember(sessionId, isSuspended);
    },
    delete(sessionId) {
      changes++;
      entries.delete(sessionId);
    },
    clear() {
      changes++;
      entries.clear();
    },
    generation: () => changes,
  };
}
