import { describe, expect, it } from 'vitest';
import { makeUrl } from '../test-data';
import { moved, newRule, targetingBodyOf, targetingDraftOf } from './targeting-form';

const RULE = {
  id: 'r1',
  destination: 'https://example.com/ios',
  conditions: [{ type: 'device' as const, value: 'ios' }],
};

describe('targeting form', () => {
  it('sends nothing for a new link that keeps the defaults', () => {
    expect(targetingBodyOf(targetingDraftOf(null), null)).toEqual({});
  });

  it('sends the switch when turned off and new rules trimmed, without ids', () => {
    const rule = newRule();
    const draft = {
      forwardQuery: false,
      rules: [
        {
          ...rule,
          destination: ' https://example.com/x ',
          conditions: [{ key: 1, type: 'country' as const, value: ' DE ' }],
        },
      ],
    };
    expect(targetingBodyOf(draft, null)).toEqual({
      forwardQuery: false,
      rules: [{ destination: 'https://example.com/x', conditions: [{ type: 'country', value: 'DE' }] }],
    });
  });

  it('sends nothing on edit when nothing changed, and the rules with their ids once reordered', () => {
    const link = makeUrl({
      id: 'abc1234',
      rules: [RULE, { ...RULE, id: 'r2', destination: 'https://example.com/2' }],
    });
    const draft = targetingDraftOf(link);
    expect(targetingBodyOf(draft, link)).toEqual({});
    const reordered = { ...draft, rules: moved(draft.rules, 1, 0) };
    expect(targetingBodyOf(reordered, link).rules?.map((rule) => rule.id)).toEqual(['r2', 'r1']);
  });

  it('sends an empty list when every rule was removed', () => {
    const link = makeUrl({ id: 'abc1234', rules: [RULE] });
    expect(targetingBodyOf({ forwardQuery: true, rules: [] }, link)).toEqual({ rules: [] });
  });

  it('sends a rule’s split with its first variant as destination, and nothing when unchanged', () => {
    const split = {
      variants: [
        { id: 'v1', destination: 'https://example.com/a', weight: 70 },
        { id: 'v2', destination: 'https://example.com/b', weight: 30 },
      ],
      sticky: false,
    };
    const link = makeUrl({
      id: 'abc1234',
      rules: [{ id: 'r1', destination: 'https://example.com/a', conditions: RULE.conditions, split }],
    });
    const draft = targetingDraftOf(link);
    expect(draft.rules[0]?.destination).toBe('');
    expect(targetingBodyOf(draft, link)).toEqual({});
    const [rule] = draft.rules;
    const reweighted = rule && {
      ...rule,
      split: { ...rule.split, variants: rule.split.variants.map((v) => ({ ...v, weight: '50' })) },
    };
    expect(targetingBodyOf({ ...draft, rules: reweighted ? [reweighted] : [] }, link).rules).toEqual([
      {
        id: 'r1',
        destination: 'https://example.com/a',
        conditions: RULE.conditions,
        split: { ...split, variants: split.variants.map((v) => ({ ...v, weight: 50 })) },
      },
    ]);
  });

  it('sends date conditions as UTC instants', () => {
    const rule = { ...newRule(), destination: 'https://example.com/x' };
    const local = '2030-01-31T18:00';
    const draft = {
      forwardQuery: true,
      rules: [{ ...rule, conditions: [{ key: 9, type: 'from' as const, value: local }] }],
    };
    expect(targetingBodyOf(draft, null).rules?.[0]?.conditions).toEqual([
      { type: 'from', value: new Date(local).toISOString() },
    ]);
  });
});
