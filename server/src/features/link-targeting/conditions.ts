/**
 * One targeting condition as a ready test of a visit: whatever can be worked out from the stored
 * value (an instant, an IP range, a query parameter's decoded name) is, once, when the link enters
 * the cache, so that a visit only compares.
 */
import { BlockList, isIPv4 } from 'node:net';
import { queryConditionOf, type TargetingCondition } from '../../../../shared/link-conditions.js';
import type { Visitor } from './visitor.js';

export type CompiledCondition = (visitor: Visitor) => boolean;

function ipRangeOf(value: string): BlockList {
  const ranges = new BlockList();
  const slash = value.indexOf('/');
  const address = slash === -1 ? value : value.slice(0, slash);
  const family = isIPv4(address) ? 'ipv4' : 'ipv6';
  if (slash === -1) ranges.addAddress(address, family);
  else ranges.addSubnet(address, Number(value.slice(slash + 1)), family);
  return ranges;
}

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
