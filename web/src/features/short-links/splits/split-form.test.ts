import { describe, expect, it } from 'vitest';
import { makeUrl } from '../test-data';
import { draftTotal, isSplitComplete, splitBodyOf, splitDraftOf, startedSplit } from './split-form';

const STORED = {
  variants: [
    { id: 'va', destination: 'https://example.com/a', weight: 70 },
    { id: 'vb', destination: 'https://example.com/b', weight: 30 },
  ],
  sticky: false,
};

describe('the split part of the link form', () => {
  it('sends nothing for a new link without a split, and the variants once started and filled in', () => {
    expect(splitBodyOf(splitDraftOf(null), null)).toEqual({});
    const variants = startedSplit().map((variant, index) => ({
      ...variant,
      destination: ` https://example.com/${index} `,
    }));
    const draft = { variants, sticky: true };
    expect(draftTotal(draft)).toBe(100);
    expect(splitBodyOf(draft, null)).toEqual({
      split: {
        variants: [
          { destination: 'https://example.com/0', weight: 50 },
          { destination: 'https://example.com/1', weight: 50 },
        ],
        sticky: true,
      },
    });
  });

  it('holds the form back while the weights do not read 100%', () => {
    const draft = { variants: startedSplit(), sticky: false };
    draft.variants[1] = { ...draft.variants[1]!, weight: '40' }; // two variants were just made
    expect(draftTotal(draft)).toBe(90);
    expect(isSplitComplete(draft)).toBe(false);
    expect(isSplitComplete({ variants: [], sticky: false })).toBe(true);
  });

  it('on edit sends the split only when it changed, keeping variant ids, and null to remove it', () => {
    const link = makeUrl({ id: 'abc', split: STORED });
    const draft = splitDraftOf(link);
    expect(splitBodyOf(draft, link)).toEqual({});
    const changed = {
      ...draft,
      variants: draft.variants.map((variant, index) => ({ ...variant, weight: index ? '40' : '60' })),
    };
    expect(splitBodyOf(changed, link).split?.variants.map((variant) => [variant.id, variant.weight])).toEqual(
      [
        ['va', 60],
        ['vb', 40],
      ],
    );
    expect(splitBodyOf({ ...draft, variants: [] }, link)).toEqual({ split: null });
  });
});
