/**
 * One small in-memory cache per kind of per-session setting that the capture path reads (response
 * rules, suspensions, and whatever comes next). A session is read from the database once; a change
 * made by this process replaces its entry and is announced on the instance bus, and a change
 * announced by another instance drops the entry here, so a capture served anywhere right after a
 * save follows it.
 */

/** The instance bus as a session cache needs it (realtime/cluster.ts implements it). */
export interface SessionCacheBus {
  /** Tells the other instances that `sessionId`'s entry of cache `name` changed; resolves once they dropped it (or gave no answer in time). */
  announceSessionChange(name: string, sessionId: string): Promise<void>;
  /** `sessionId` changed on another instance, or null when any session may have. */
  onSessionChange(name: string, listener: (sessionId: string | null) => void): void;
}

/** Values are never undefined: undefined means "not cached". */
export interface SessionCache<T> {
  /** The cached value, or undefined when this session is not cached. */
  get(sessionId: string): T | undefined;
  /**
   * The cached value, synchronously when there is one; otherwise what `load` gives, remembered
   * unless a change came in while it was loading.
   */
  read(sessionId: string, load: () => Promise<T>): T | Promise<T>;
  /** Remembers a value this process just saved and tells the other instances to drop theirs. */
  change(sessionId: string, value: T): Promise<void>;
  delete(sessionId: string): void;
  /** Forgets every session, e.g. when changes made elsewhere may have been missed. */
  clear(): void;
}

export const SESSION_CACHE_LIMIT = 100_000;

export function createSessionCache<T>(options: {
  /** The name the bus knows this cache by; the same on every instance. */
  name: string;
  bus?: SessionCacheBus;
  /** Sessions kept at most; the oldest entry goes first. */
  limit?: number;
}): SessionCache<T> {
  const limit = options.limit ?? SESSION_CACHE_LIMIT;
  const entries = new Map<string, T>();
  // Bumped by every change, so a database read that a change overtook is not kept.
  let changes = 0;

  function remember(sessionId: string, value: T): void {
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (entries.size >= limit && !entries.has(sessionId)) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(sessionId, value);
  }

  function drop(sessionId: string): void {
    changes++;
    entries.delete(sessionId);
  }

  function clear(): void {
    changes++;
    entries.clear();
  }

  async function load(sessionId: string, loader: () => Promise<T>): Promise<T> {
    const generation = changes;
    const value = await loader();
    if (generation === changes) remember(sessionId, value);
    return value;
  }

  options.bus?.onSessionChange(options.name, (sessionId) => (sessionId === null ? clear() : drop(sessionId)));

  return {
    get: (sessionId) => entries.get(sessionId),
    read(sessionId, loader) {
      const hit = entries.get(sessionId);
      return hit !== undefined ? hit : load(sessionId, loader);
    },
    async change(sessionId, value) {
      changes++;
      remember(sessionId, value);
      await options.bus?.announceSessionChange(options.name, sessionId);
    },
    delete: drop,
    clear,
  };
}
