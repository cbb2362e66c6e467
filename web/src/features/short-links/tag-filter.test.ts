import { describe, expect, it } from 'vitest';
import { clicksWithTag, linksWithTag, tagCountsOf } from './tag-filter';
import { makeUrl } from './test-data';

const urls = [
  makeUrl({ id: 'a', tags: ['mail', 'launch'], clicks: 3 }),
  makeUrl({ id: 'b', tags: ['launch'], clicks: 4 }),
  makeUrl({ id: 'c', tags: [], clicks: 9 }),
];

describe('tag filter', () => {
  it('counts each tag over the links, alphabetically', () => {
    expect(tagCountsOf(urls)).toEqual([
      { tag: 'launch', links: 2 },
      { tag: 'mail', links: 1 },
    ]);
  });

  it('keeps the links carrying the tag, every link without one, and adds up their clicks', () => {
    expect(linksWithTag(urls, 'launch').map((url) => url.id)).toEqual(['a', 'b']);
    expect(linksWithTag(urls, null)).toHaveLength(3);
    expect(clicksWithTag(urls, 'launch')).toBe(7);
  });
});
