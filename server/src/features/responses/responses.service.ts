import {
  firstMatchingRule,
  responseIndex,
  type ResponseRule,
  type ScriptedResponse,
} from '../../../../shared/responses.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { createRulesCache, type CachedRules, type RulesCache } from './rules-cache.js';
import type { ResponsesRepo } from './responses.repo.js';

/** The response a rule gives one capture. */
export interface ScriptedAnswer {
  /** 0-based position of the rule that answered. */
  ruleIndex: number;
  response: ScriptedResponse;
}

export interface ResponsesService {
  /** The user's rules, in order; empty when none were saved. */
  list(user: SessionUser): Promise<ResponseRule[]>;
  /**
   * Replaces the user's rules (already checked against the shared schema) and starts every
   * sequence again. Resolves once every instance will answer by the new rules.
   */
  save(user: SessionUser, rules: ResponseRule[]): Promise<ResponseRule[]>;
  /**
   * What the session's rules answer a capture, counting it in the matching rule's sequence; null
   * when no rule matches. Sessions without rules cost no database round trip once cached.
   */
  answerFor(sessionId: string, method: string, path: string): Promise<ScriptedAnswer | null>;
  /** True when this instance knows the session has no rules: its captures need not ask answerFor. */
  isKnownRuleless(sessionId: string): boolean;
}

export function createResponsesService(deps: {
  repo: ResponsesRepo;
  cache?: RulesCache;
  /**
   * Tells other instances that a session's rules changed, so they drop their copy; resolves when
   * they have (or gave up waiting). Awaited before a save answers.
   */
  announceChange?: (sessionId: string) => Promise<void>;
  now?: () => number;
}): ResponsesService {
  const { repo } = deps;
  const cache = deps.cache ?? createRulesCache();
  const announceChange = deps.announceChange ?? (() => Promise.resolve());
  const now = deps.now ?? Date.now;

  async function activeRules(sessionId: string): Promise<CachedRules> {
    const hit = cache.get(sessionId);
    if (hit !== undefined) return hit;
    const generation = cache.generation();
    return cache.fill(sessionId, await repo.find(sessionId), generation);
  }

  return {
    async list(user) {
      return (await repo.find(user.sessionId))?.rules ?? [];
    },
    async save(user, rules) {
      const stored = await repo.save(user.sessionId, rules, now());
      cache.set(user.sessionId, stored);
      await announceChange(user.sessionId);
      return stored.rules;
    },
    isKnownRuleless: (sessionId) => cache.get(sessionId) === null,
    async answerFor(sessionId, method, path) {
      const active = await activeRules(sessionId);
      if (!active) return null;
      const ruleIndex = firstMatchingRule(active.targets, method, path);
      const rule = active.rules[ruleIndex];
      if (!rule) return null;
      const matches = await repo.countMatch(sessionId, active.version, ruleIndex);
      // matches counts this capture too, so it is the 1-based position in the sequence.
      const response = rule.responses[responseIndex(matches - 1, rule.responses.length, rule.then)];
      // responseIndex stays below the length, and the schema keeps at least one response.
      return { ruleIndex, response: response as ScriptedResponse };
    },
  };
}
