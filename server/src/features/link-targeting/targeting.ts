/**
 * A link's targeting as the redirect uses it: rules parsed, their conditions turned into ready
 * tests (instants as numbers, IP ranges as a BlockList) and their destinations into Location values
 * once, when the link enters the cache, then matched against each visit.
 */
import type { TargetingCondition } from '../../../../shared/link-conditions.js';
import type { TargetingRule, TargetingRuleInput } from '../../../../shared/link-targeting.js';
import { compileSplit, splitToStore, type CompiledSplit } from '../link-splits/splits.js';
import { InvalidInputError } from '../../http/errors.js';
import { withStableIds } from '../short-links/stable-ids.js';
import { compileCondition, type CompiledCondition } from './conditions.js';
import type { Visitor } from './visitor.js';

/** A rule ready for the redirect: its destination already a Location header value. */
export interface CompiledRule {
  id: string;
  location: string;
  conditions: CompiledCondition[];
  /** The rule's own split; null when all its visits go to `location`. */
  split: CompiledSplit | null;
}

/** The stored form (JSON text, null for none) of a link's rules. */
export function storedRulesOf(rules: readonly TargetingRule[]): string | null {
  if (rules.length === 0) return null;
  return JSON.stringify(
    rules.map(({ id, destination, conditions, split }) => ({
      id,
      destination,
      conditions,
      ...(split && { split }),
    })),
  );
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

/** Cheap tests first: the IP's location is looked up only when the rest of the rule holds. */
const costOf = (condition: TargetingCondition) => (condition.type === 'country' ? 1 : 0);

/** Null when there are no rules, so the redirect tests one value to skip targeting altogether. */
export function compileRules(rules: readonly TargetingRule[]): CompiledRule[] | null {
  if (rules.length === 0) return null;
  return rules.map((rule) => ({
    id: rule.id,
    conditions: [...rule.conditions].sort((a, b) => costOf(a) - costOf(b)).map(compileCondition),
    location: new URL(rule.destination).href,
    split: compileSplit(rule.split),
  }));
}

/**
 * The rules as stored: each destination checked by `checkUrl` (which throws for a destination the
 * link itself could not have), each rule with a stable id (stable-ids.ts). A rule with a split
 * keeps its first variant's destination as its own, for readers that know no splits.
 */
export function rulesToStore(
  rules: readonly TargetingRuleInput[],
  checkUrl: (url: string) => string,
): TargetingRule[] {
  return withStableIds(rules).map(({ id, destination, conditions, split }, index) => {
    const storedSplit = withFieldPrefix(`rules[${index}].`, () => splitToStore(split, checkUrl));
    const own = storedSplit ? storedSplit.variants[0]?.destination : destination;
    // The schema lets a rule leave out its destination only when it has a split.
    const checked = storedSplit ? (own as string) : checkUrl(own as string);
    return { id, destination: checked, conditions, ...(storedSplit && { split: storedSplit }) };
  });
}

/** Runs `check`, naming the rule's field in a refusal that names the split's. */
function withFieldPrefix<T>(prefix: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    throw new InvalidInputError(`${prefix}${error.message}`);
  }
}

/** The first rule whose conditions all hold for the visitor, or null. */
export function firstMatchingRule(rules: readonly CompiledRule[], visitor: Visitor): CompiledRule | null {
  return rules.find((rule) => rule.conditions.every((condition) => condition(visitor))) ?? null;
}
