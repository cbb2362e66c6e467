/**
 * The instance's storage budget (STORAGE_MAX_MB): the captured requests of every session together
 * keep at most this many bytes. Past it, the largest sessions are cut down to one common level,
 * oldest requests first, so a stranger filling many sessions loses their own requests before a
 * quiet session loses any; a session's newest request always stays. Measured from the database
 * (shared by every instance), on the prune timer, never on the capture path.
 */
import type { Freed, SessionLimits, SessionSize } from './retention.js';

/** Sessions one pass looks at; a larger crowd is worked through over the next passes. */
export const BUDGET_SESSIONS_PER_PASS = 1000;

/** What the budget's pass found and removed. */
export interface BudgetPass extends Freed {
  /** Bytes kept before the pass, every session together. */
  totalBefore: number;
  budget: number;
  /** The level the largest sessions were cut to. */
  level: number;
  /** Sessions that lost requests. */
  sessions: number;
}

export interface BudgetStore {
  storedBytesTotal(): Promise<number>;
  largestSessions(limit: number): Promise<SessionSize[]>;
  prune(sessionId: string, limits: SessionLimits): Promise<Freed>;
}

/**
 * The byte level to cut the largest sessions to (sizes largest first) so that the total fits the
 * budget: the rest stay as they are. 0 when even that is not enough (each keeps its newest).
 */
export function budgetLevel(total: number, budget: number, largest: readonly number[]): number {
  const rest = total - largest.reduce((sum, bytes) => sum + bytes, 0);
  let tail = largest.reduce((sum, bytes) => sum + bytes, 0);
  for (const [index, bytes] of largest.entries()) {
    tail -= bytes;
    const cut = index + 1;
    const level = Math.floor((budget - rest - tail) / cut);
    if (level >= (largest[cut] ?? 0)) return Math.max(0, Math.min(level, bytes));
  }
  return 0;
}

/**
 * Brings the stored bytes within `budget` when they are over it. Returns the total it measured,
 * and the pass when it removed anything.
 */
export async function enforceBudget(
  store: BudgetStore,
  budget: number,
  keep: number,
): Promise<{ total: number; pass: BudgetPass | null }> {
  const total = await store.storedBytesTotal();
  if (total <= budget) return { total, pass: null };
  const largest = await store.largestSessions(BUDGET_SESSIONS_PER_PASS);
  const level = budgetLevel(
    total,
    budget,
    largest.map((session) => session.bytes),
  );
  const pass: BudgetPass = { totalBefore: total, budget, level, sessions: 0, requests: 0, bytes: 0 };
  for (const session of largest) {
    if (session.bytes <= level) break;
    const freed = await store.prune(session.sessionId, { keep, maxBytes: level });
    if (freed.requests > 0) pass.sessions += 1;
    pass.requests += freed.requests;
    pass.bytes += freed.bytes;
  }
  return { total: total - pass.bytes, pass: pass.requests > 0 ? pass : null };
}

/** Past this long without a measure, an instance that captured anything measures again. */
export const BUDGET_RECHECK_MS = 60_000;

export interface BudgetKeeper {
  /** Told the stored bytes of each capture: memory only, so capture costs no query. */
  noteCaptured(bytes: number): void;
  /** Measures, and trims, when the store may be over the budget; the pass when it removed anything. */
  run(): Promise<BudgetPass | null>;
}

/**
 * Measuring reads a whole index, so it is skipped while it cannot be needed: after the first run
 * (which also applies a budget lowered while stopped), an instance measures again only when it
 * captured since, and either its last measure plus what it captured since comes near the budget,
 * or its last measure is a minute old (other instances' captures, which it does not see).
 */
export function createBudgetKeeper(deps: {
  store: BudgetStore;
  budget: number;
  keep: number;
  now?: () => number;
}): BudgetKeeper {
  const now = deps.now ?? Date.now;
  const nearly = deps.budget - Math.floor(deps.budget / 16);
  let measured = 0;
  let measuredAt = -Infinity;
  let captured = 0;
  return {
    noteCaptured(bytes) {
      captured += bytes;
    },
    async run() {
      const isDue =
        measuredAt === -Infinity ||
        (captured > 0 && (measured + captured >= nearly || now() - measuredAt >= BUDGET_RECHECK_MS));
      if (!isDue) return null;
      const capturedBefore = captured;
      captured = 0;
      try {
        const { total, pass } = await enforceBudget(deps.store, deps.budget, deps.keep);
        measured = total;
        measuredAt = now();
        return pass;
      } catch (error) {
        captured += capturedBefore;
        throw error;
      }
    },
  };
}
