import { describe, expect, it } from 'vitest';
import {
  applyClick,
  applyLoaded,
  emptyListState,
  prependUrl,
  removeUrl,
  replaceUrl,
  selectedUrl,
  selectUrl,
  type ListState,
} from './list-state';
import { makeUrl } from './test-data';

const a = makeUrl({ id: 'a' });
const b = makeUrl({ id: 'b' });
const c = makeUrl({ id: 'c' });

function stateOf(selectedId: string | null, urls = [a, b, c]): ListState {
  return { urls, selectedId };
}

describe('applyLoaded', () => {
  it('selects the first URL on load', () => {
    expect(applyLoaded(emptyListState, [a, b])).toEqual({ urls: [a, b], selectedId: 'a' });
  });

  it('selects nothing when the list is empty', () => {
    expect(applyLoaded(emptyListState, [])).toEqual(emptyListState);
  });

  it('keeps the selection when that URL is still listed after a reload', () => {
    expect(applyLoaded(stateOf('b'), [a, b, c]).selectedId).toBe('b');
  });

  it('selects the first URL when the selected one is gone after a reload', () => {
    expect(applyLoaded(stateOf('b'), [c, a]).selectedId).toBe('c');
  });
});

describe('selectUrl', () => {
  it('selects a listed URL', () => {
    expect(selectUrl(stateOf('a'), 'c').selectedId).toBe('c');
  });

  it('ignores an id that is not listed', () => {
    const state = stateOf('a');
    expect(selectUrl(state, 'zzz')).toBe(state);
  });
});

describe('prependUrl', () => {
  it('puts a new URL on top and selects it', () => {
    const d = makeUrl({ id: 'd' });
    expect(prependUrl(stateOf('b'), d)).toEqual({ urls: [d, a, b, c], selectedId: 'd' });
  });

  it('lists a URL only once', () => {
    const newB = makeUrl({ id: 'b', clicks: 3 });
    expect(prependUrl(stateOf('a'), newB).urls).toEqual([newB, a, c]);
  });
});

describe('replaceUrl', () => {
  it('replaces an edited URL in place and keeps the selection', () => {
    const edited = makeUrl({ id: 'b', url: 'https://edited.example.com/x' });
    expect(replaceUrl(stateOf('a'), edited)).toEqual({ urls: [a, edited, c], selectedId: 'a' });
  });

  it('ignores an unknown URL', () => {
    const state = stateOf('a');
    expect(replaceUrl(state, makeUrl({ id: 'zzz' }))).toBe(state);
  });

  it('follows a URL renamed by a new alias, selection included', () => {
    const renamed = makeUrl({ id: 'launch', alias: 'launch' });
    expect(replaceUrl(stateOf('b'), renamed, 'b')).toEqual({ urls: [a, renamed, c], selectedId: 'launch' });
  });
});

describe('applyClick', () => {
  it("a live click event updates that URL's click count", () => {
    const next = applyClick(stateOf('a'), 'b', 7);
    expect(next.urls.map((url) => url.clicks)).toEqual([0, 7, 0]);
    expect(next.selectedId).toBe('a');
  });

  it('ignores a click on a URL that is not listed', () => {
    const state = stateOf('a');
    expect(applyClick(state, 'zzz', 4)).toBe(state);
  });
});

describe('removeUrl', () => {
  it('deleting the selected URL selects the next one', () => {
    expect(removeUrl(stateOf('b'), 'b')).toEqual({ urls: [a, c], selectedId: 'c' });
  });

  it('deleting the selected last URL selects the previous one', () => {
    expect(removeUrl(stateOf('c'), 'c')).toEqual({ urls: [a, b], selectedId: 'b' });
  });

  it('deleting the only URL selects none', () => {
    expect(removeUrl(stateOf('a', [a]), 'a')).toEqual(emptyListState);
  });

  it('deleting another URL keeps the selection', () => {
    expect(removeUrl(stateOf('a'), 'c')).toEqual({ urls: [a, b], selectedId: 'a' });
  });
});

describe('selectedUrl', () => {
  it('returns the selected URL, or null', () => {
    expect(selectedUrl(stateOf('b'))).toBe(b);
    expect(selectedUrl(stateOf(null))).toBeNull();
  });
});
