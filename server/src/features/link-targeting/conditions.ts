/**
 * One targeting condition as a ready test of a visit: whatever can be worked out from the stored
 * value (an instant, an IP range, a query parameter's decoded name) is, once, when the link enters
 * the cache, so that a visit only compares.
 */
import { queryConditionOf, type TargetingCondition } from '../../../../shared/link-conditions.js';
import { ipRangeOf } from './ip-ranges.js';
import type { Visitor } from './visitor.js';

export type CompiledCondition = (visitor: Visitor) => boolean;

function queryTest(value: string): CompiledCondition {
  const { name, value: wanted } = queryConditionOf(value);
  return (visitor) => {
    const values = visitor.queryValues(name);
    return wanted === null ? values.length > 0 : values.includes(wanted);
  };
}

/** The condition as a test; each test asks the visitor only the one fact it needs. */
export function compileCondition(condition: TargetingCondition): CompiledCondition {
  const { value } = condition;
  switch (condition.type) {
    case 'device':
      return (visitor) => visitor.deviceFamily() === value;
    case 'language':
      return (visitor) => visitor.languageTag() === value;
    case 'country':
      return (visitor) => visitor.countryCode() === value;
    case 'browser':
      return (visitor) => visitor.browser() === value;
    case 'os':
      return (visitor) => visitor.operatingSystem() === value;
    case 'query':
      return queryTest(value);
    case 'ip': {
      const ranges = ipRangeOf(value);
      return (visitor) => visitor.isIn(ranges);
    }
    case 'from': {
      const from = Date.parse(value);
      return (visitor) => visitor.at >= from;
    }
    case 'until': {
      const until = Date.parse(value);
      return (visitor) => visitor.at < until;
    }
  }
}
