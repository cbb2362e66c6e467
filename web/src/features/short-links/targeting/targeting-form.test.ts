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
});
