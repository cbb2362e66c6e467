import { conditionScope, type ConditionRequest } from '../../../../shared/response-conditions.js';
import { senderPick } from '../../../../shared/response-pick.js';
import type { PreparedResponse } from '../../../../shared/response-templates.js';
import { MAX_RULES, type ResponseRule } from '../../../../shared/responses.js';
import { chanceSaysYes } from '../../../../shared/response-chance.js';
import { firstMatchingRule, responseIndex } from '../../../../shared/rule-matching.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { activateRules, createRulesCache, type CachedRules, type RulesCache } from './rules-cache.js';
import type { PreparedCallback } from '../callbacks/callback-request.js';
import type { ResponsesRepo } from './responses.repo.js';

/** The response a rule gives one capture. */
export interface ScriptedAnswer {
  /** 0-based position of the rule that answered. */
  ruleIndex: number;
  /** The response, a fault or an answer with its templates parsed. */
  response: PreparedResponse;
  /** The status the sender picked, when the rule allows picking and one was given. */
  pickedStatus?: number;
  /** The rule's callback, sent once the answer went out. */
  callback?: PreparedCallback;
}

/**
 * A rule with a chance keeps two counts: all its matching captures (the draw's number) and those
 * it answered (its place in the sequence). The second is kept under this offset, past every rule.
 */
const ANSWERED_COUNT_OFFSET = MAX_RULES;

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
   * when no rule matches. A rule whose chance says no for this capture is passed over, as if it did
   * not match, and so is one whose conditions do not all hold for `request` (without it: no
   * headers, no query, no body). When the rule allows it, the sender's pick of a response replaces
   * the sequence's (the capture is still counted) and a picked status is returned beside it.
   * Sessions without rules cost no database round trip once cached.
   */
  answerFor(
    sessionId: string,
    method: string,
    path: string,
    request?: ConditionRequest,
  ): Promise<ScriptedAnswer | null>;
  /** True when this instance knows the session has no rules: its captures need not ask answerFor. */
  isKnownRuleless(sessionId: string): boolean;
}

export function createResponsesService(deps: {
  repo: ResponsesRepo;
  /** Shared with the other instances through the bus it was made with; a save waits until they dropped their copy. */
  cache?: RulesCache;
  now?: () => number;
  /** Draws for rules with a chance and no seed. */
  random?: () => number;
}): ResponsesService {
  const { repo } = deps;
  const cache = deps.cache ?? createRulesCache();
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;

  async function activeRules(sessionId: string): Promise<CachedRules> {
    return cache.read(sessionId, async () => activateRules(await repo.find(sessionId)));
  }

  return {
    async list(user) {
      return (await repo.find(user.sessionId))?.rules ?? [];
    },
    async save(user, rules) {
      const stored = await repo.save(user.sessionId, rules, now());
      await cache.change(user.sessionId, activateRules(stored));
      return stored.rules;
    },
    isKnownRuleless: (sessionId) => cache.get(sessionId) === null,
    async answerFor(sessionId, method, path, request = { queryString: '', rawHeaders: [], bodyText: '' }) {
      const active = await activeRules(sessionId);
      if (!active) return null;
      const scope = conditionScope(request);
      for (let from = 0; ;) {
        const ruleIndex = firstMatchingRule(active.targets, method, path, from, scope);
        const rule = active.rules[ruleIndex];
        if (!rule) return null;
        // Counts this capture too, so it is the 1-based number of the capture.
        const matches = await repo.countMatch(sessionId, active.version, ruleIndex);
        if (!chanceSaysYes(rule, matches, random)) {
          from = ruleIndex + 1;
          continue;
        }
        const answered =
          rule.chance === undefined
            ? matches
            : await repo.countMatch(sessionId, active.version, ANSWERED_COUNT_OFFSET + ruleIndex);
        const prepared = active.prepared[ruleIndex] ?? [];
        const pick = rule.allowPick ? senderPick(scope, prepared.length) : {};
        const index = pick.responseIndex ?? responseIndex(answered - 1, prepared.length, rule.then);
        // Both indexes stay below the length, and the schema keeps at least one response.
        const response = prepared[index] as PreparedResponse;
        const callback = active.callbacks[ruleIndex] ?? undefined;
        return {
          ruleIndex,
          response,
          ...(pick.status === undefined ? {} : { pickedStatus: pick.status }),
          ...(callback ? { callback } : {}),
        };
      }
    },
  };
}
