/**
 * The capture path's view of each session's rules, in memory: compiled rules, or "none". A session
 * is read from the database once; saves made by this process replace the entry, and saves made
 * on another instance are announced (realtime/cluster.ts), which drops it here.
 */
import { prepareResponse, type PreparedResponse } from '../../../../shared/response-templates.js';
import { compileRule, type RuleTarget } from '../../../../shared/responses.js';
import type { StoredRules } from './responses.repo.js';

export interface ActiveRules extends StoredRules {
  /** The method and path test of each rule, in rule order. */
  targets: RuleTarget[];
  /** Each rule's responses with their templates parsed, so captures only evaluate them. */
  prepared: PreparedResponse[][];
}

/** A session's rules, or null when it has none; undefined when not cached. */
export type CachedRules = ActiveRules | null;

export interface RulesCache {
  get(sessionId: string): CachedRules | undefined;
  /** Remembers what the database said, unless a change came in since `generation` was taken. */
  fill(sessionId: string, stored: StoredRules | null, generation: number): CachedRules;
  /** Remembers rules this process just saved. */
  set(sessionId: string, stored: StoredRules): void;
  delete(sessionId: string): void;
  /** Forgets every session, e.g. when changes made elsewhere may have been missed. */
  clear(): void;
  /** Taken before a database read; a change in between makes that read's result stale. */
  generation(): number;
}

function activate(stored: StoredRules | null): CachedRules {
  // No rules at all behaves exactly like no saved row: the default answer, no counting.
  if (!stored || stored.rules.length === 0) return null;
  return {
    ...stored,
    targets: stored.rules.map(compileRule),
    prepared: stored.rules.map((rule) => rule.responses.map(prepareResponse)),
  };
}

export function createRulesCache(limit = 100_000): RulesCache {
  const entries = new Map<string, CachedRules>();
  let changes = 0;

  function remember(sessionId: string, rules: CachedRules): void {
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (entries.size >= limit && !entries.has(sessionId)) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(sessionId, rules);
  }

  return {
    get: (sessionId) => entries.get(sessionId),
    fill(sessionId, stored, generation) {
      const rules = activate(stored);
      if (generation === changes) remember(sessionId, rules);
      return rules;
    },
    set(sessionId, stored) {
      changes++;
      remember(sessionId, activate(stored));
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
