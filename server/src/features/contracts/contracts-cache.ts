/**
 * Each session's compiled contracts, in memory, or "none". Filled from the database on a session's
 * first capture; a change made here drops the entry, and a change made on another instance is
 * announced and drops it there too.
 */
import type { CompiledContracts } from './judge-body.js';

export interface ContractsCache {
  /** The compiled contracts, null when the session has none, undefined when not cached. */
  get(sessionId: string): CompiledContracts | null | undefined;
  /** Remembers what the database said, unless a change came in since `generation` was taken. */
  fill(sessionId: string, compiled: CompiledContracts | null, generation: number): CompiledContracts | null;
  delete(sessionId: string): void;
  clear(): void;
  /** Taken before a database read; a change in between makes that read's result stale. */
  generation(): number;
}

export function createContractsCache(limit = 10_000): ContractsCache {
  const entries = new Map<string, CompiledContracts | null>();
  let changes = 0;
  return {
    get: (sessionId) => entries.get(sessionId),
    fill(sessionId, compiled, generation) {
      if (generation !== changes) return compiled;
      // Maps iterate in insertion order, so the first key is the oldest entry.
      if (entries.size >= limit && !entries.has(sessionId)) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(sessionId, compiled);
      return compiled;
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
