/**
 * A link's targeting as the redirect uses it: rules parsed and their destinations turned into
 * Location values once, when the link enters the cache, then matched against each visit.
 */
import type {
  TargetingCondition,
  TargetingRule,
  TargetingRuleInput,
} from '../../../../shared/link-targeting.js';
import { withStableIds } from '../short-links/stable-ids.js';
import type { Visitor } from './visitor.js';

/** A rule ready for the redirect: its destination already a Location header value. */
export interface CompiledRule extends TargetingRule {
  location: string;
}

/** The stored form (JSON text, null for none) of a link's rules. */
export function storedRulesOf(rules: readonly TargetingRule[]): string | null {
  if (rules.length === 0) return null;
  return JSON.stringify(rules.map(({ id, destination, conditions }) => ({ id, destination, conditions })));
}

function isRule(value: unknown): value is TargetingRule {
  if (typeof value !== 'object' || value === null) return false;
  const rule = value as Partial<TargetingRule>;
  return (
    typeof rule.id === 'string' && typeof rule.destination === 'string' && Array.isArray(rule.conditions)
  );
}

/** The rules a link stored; none when the column is empty or (never expected) unreadable. */
export function rulesFromStored(text: string | null): TargetingRule[] {
  if (text === null) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isRule) : [];
  } catch {
    return [];
  }
}

/** Null when there are no rules, so the redirect tests one value to skip targeting altogether. */
export function compileRules(rules: readonly TargetingRule[]): CompiledRule[] | null {
  if (rules.length === 0) return null;
  // Country last: the cheap tests can rule a rule out before the IP is looked up.
  const byCost = (condition: TargetingCondition) => (condition.type === 'country' ? 1 : 0);
  return rules.map((rule) => ({
    ...rule,
    conditions: [...rule.conditions].sort((a, b) => byCost(a) - byCost(b)),
    location: new URL(rule.destination).href,
  }));
}

/**
 * The rules as stored: each destination checked by `checkUrl` (which throws for a destination the
 * link itself could not have), each rule with a stable id (stable-ids.ts).
 */
export function rulesToStore(
  rules: readonly TargetingRuleInput[],
  checkUrl: (url: string) => string,
): TargetingRule[] {
  return withStableIds(rules).map(({ id, destination, conditions }) => ({
    id,
    destination: checkUrl(destination),
    conditions,
  }));
}

function matchesAll(rule: CompiledRule, visitor: Visitor): boolean {
  return rule.conditions.every((condition) => {
    switch (condition.type) {
      case 'device':
        return visitor.deviceFamily() === condition.value;
      case 'language':
        return visitor.languageTag() === condition.value;
      case 'country':
        return visitor.countryCode() === condition.value;
    }
  });
}

/** The first rule whose conditions all hold for the visitor, or null. */
export function firstMatchingRule(rules: readonly CompiledRule[], visitor: Visitor): CompiledRule | null {
  return rules.find((rule) => matchesAll(rule, visitor)) ?? null;
}
