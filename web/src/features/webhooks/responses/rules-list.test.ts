import { describe, expect, it } from 'vitest';
import type { ResponseRule } from '../../../../../shared/responses';
import {
  describeCallback,
  describeResponses,
  moveRule,
  putRule,
  removeRule,
  ruleHeadline,
  rulesSummary,
} from './rules-list';

function rule(statuses: number[], overrides: Partial<ResponseRule> = {}): ResponseRule {
  return {
    method: '*',
    path: '*',
    responses: statuses.map((status) => ({ status, headers: {}, body: '', delayMs: 0 })),
    then: 'repeat-last',
    ...overrides,
  };
}

describe('moveRule', () => {
  it('moves a rule one place up or down', () => {
    expect(moveRule(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRule(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it is at either end', () => {
    expect(moveRule(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRule(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('removeRule and putRule', () => {
  it('removes the rule at the index', () => {
    expect(removeRule(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('replaces the rule at the index, or adds at the end for a new one', () => {
    expect(putRule(['a', 'b'], 0, 'x')).toEqual(['x', 'b']);
    expect(putRule(['a', 'b'], null, 'x')).toEqual(['a', 'b', 'x']);
  });
});

describe('describeResponses', () => {
  it('lists the statuses and what follows the last', () => {
    expect(describeResponses(rule([500, 500, 200]))).toBe('500, 500, 200 then the last again');
    expect(describeResponses(rule([500, 200], { then: 'cycle' }))).toBe('500, 200 then from the start');
  });

  it('shows a single answer alone, with its delay', () => {
    expect(describeResponses(rule([410]))).toBe('410');
    const slow = rule([200]);
    slow.responses[0] = { status: 200, headers: {}, body: '', delayMs: 5000 };
    expect(describeResponses(slow)).toBe('200 after 5 s');
    slow.responses[0] = { status: 200, headers: {}, body: '', delayMs: 250 };
    expect(describeResponses(slow)).toBe('200 after 250 ms');
  });

  it('names faults and notes the chance', () => {
    const flaky = rule([500], { chance: 30 });
    flaky.responses = [{ fault: 'timeout', delayMs: 0 }, ...flaky.responses];
    expect(describeResponses(flaky)).toBe('no answer, 500 then the last again (30 % of requests)');
    expect(describeResponses({ ...rule([200], { chance: 5, seed: 3 }) })).toBe(
      '200 (5 % of requests, seed 3)',
    );
  });
});

describe('rulesSummary', () => {
  it('reads like "POST /github/* → 500, 500, 200"', () => {
    expect(rulesSummary([rule([500, 500, 200], { method: 'POST', path: '/github/*' })])).toBe(
      'POST /github/* → 500, 500, 200',
    );
  });

  it('names the default answer while there is no rule, and counts the rules after the first', () => {
    expect(rulesSummary([])).toBe('default 200');
    expect(rulesSummary([rule([503], { path: '/a' }), rule([200]), rule([201])])).toBe(
      '/a → 503 +2 more rules',
    );
    expect(rulesSummary([rule([503], { path: '/a' }), rule([200])])).toBe('/a → 503 +1 more rule');
  });

  it('says every request for a rule on any method and path, faults by name, the chance after', () => {
    expect(ruleHeadline(rule([429]))).toBe('Every request → 429');
    expect(ruleHeadline({ ...rule([]), responses: [{ fault: 'timeout', delayMs: 0 }], chance: 30 })).toBe(
      'Every request → no answer (30 %)',
    );
    expect(ruleHeadline(rule([200], { method: 'GET' }))).toBe('GET * → 200');
  });
});

describe('describeCallback', () => {
  it('says where the rule calls back, after how long, and whether it is signed', () => {
    const callback = { method: 'POST', url: '{{body.callback_url}}', headers: {}, body: '', delayMs: 2000 };
    expect(describeCallback({ callback })).toBe('then calls back POST {{body.callback_url}} after 2 s');
    expect(describeCallback({ callback: { ...callback, delayMs: 0, secret: 'whsec_AAAA' } })).toBe(
      'then calls back POST {{body.callback_url}} (signed)',
    );
    expect(describeCallback({})).toBe('');
  });
});
