/**
 * Which scripted response rule a request matches: its method, path glob and conditions, compiled
 * once per rule, and which of a matching rule's responses comes next.
 */
import { globToRegExp } from './path-glob.js';
import {
  compileConditions,
  conditionScope,
  type ConditionRequest,
  type ConditionScope,
} from './response-conditions.js';
import type { ResponseRule, RuleThen } from './responses.js';

export interface RuleTarget {
  method: string;
  test(path: string): boolean;
  /** The rule's conditions, all of them; null when it has none. */
  conditions: ((scope: ConditionScope) => boolean) | null;
}

/** The method, path and condition tests of a rule, built once. */
export function compileRule(rule: Pick<ResponseRule, 'method' | 'path' | 'conditions'>): RuleTarget {
  const pattern = globToRegExp(rule.path);
  return {
    method: rule.method.toUpperCase(),
    test: (path) => pattern.test(path),
    conditions: compileConditions(rule.conditions),
  };
}

const NO_PARTS: ConditionRequest = { queryString: '', rawHeaders: [], bodyText: '' };

/**
 * Index of the first rule from `from` on matching the request, or -1 when none does. A rule with
 * conditions matches only when they all hold for `request` (a request without parts has no
 * headers, no query and no body).
 */
export function firstMatchingRule(
  rules: readonly RuleTarget[],
  method: string,
  path: string,
  from = 0,
  request: ConditionRequest | ConditionScope = NO_PARTS,
): number {
  const upper = method.toUpperCase();
  let scope: ConditionScope | undefined = 'json' in request ? request : undefined;
  for (let index = from; index < rules.length; index++) {
    const rule = rules[index] as RuleTarget;
    if (!((rule.method === '*' || rule.method === upper) && rule.test(path))) continue;
    if (rule.conditions === null) return index;
    scope ??= conditionScope(request as ConditionRequest);
    if (rule.conditions(scope)) return index;
  }
  return -1;
}

/**
 * Which of a rule's `length` responses its `matchIndex`-th matching request gets (both 0-based):
 * the responses in order, then the last one again (repeat-last) or from the first (cycle).
 */
export function responseIndex(matchIndex: number, length: number, then: RuleThen): number {
  if (matchIndex < length) return matchIndex;
  return then === 'cycle' ? matchIndex % length : length - 1;
}
