import { describe, expect, it } from 'vitest';
import { createLinkCache, type CachedLink } from './link-cache.js';

function link(id: string, url = `https://example.com/${id}`): CachedLink {
  return {
    id,
    url,
    location: url,
    ownerSessionId: 'session',
    ownerUserId: 'user',
    expiresAt: null,
    maxClicks: null,
    passwordHash: null,
    isDisabled: false,
    forwardQuery: true,
    rules: [],
    compiledRules: null,
    compiledSplit: null,
    isRouted: false,
    hasStickySplit: false,
    status: 302,
    cacheControl: 'no-store',
    fallbackLocation: null,
  };
}

describe('link cache', () => {
  it('keeps what this process wrote and forgets deleted links', () => {
    const cache = createLinkCache();
    cache.set(link('aaaaaaa'));
    expect(cache.get('aaaaaaa')?.url).toBe('https://example.com/aaaaaaa');
    cache.delete('aaaaaaa');
    expect(cache.get('aaaaaaa')).toBeUndefined();
  });

  it('drops a database read that an edit overtook', () => {
    const cache = createLinkCache();
    const generation = cache.generation();
    cache.set(link('aaaaaaa', 'https://example.com/new'));
    cache.fill(link('aaaaaaa', 'https://example.com/old'), generation);
    expect(cache.get('aaaaaaa')?.url).toBe('https://example.com/new');
    cache.delete('bbbbbbb');
    cache.fill(link('bbbbbbb'), generation);
    expect(cache.get('bbbbbbb')).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = createLinkCache(2);
    for (const id of ['aaaaaaa', 'bbbbbbb', 'ccccccc']) cache.fill(link(id), cache.generation());
    expect(cache.get('aaaaaaa')).toBeUndefined();
    expect(cache.get('ccccccc')).toBeDefined();
  });

  it('forgets everything on clear, including a database read that was in flight', () => {
    const cache = createLinkCache();
    cache.set(link('aaaaaaa'));
    const generation = cache.generation();
    cache.clear();
    cache.fill(link('bbbbbbb'), generation);
    expect(cache.get('aaaaaaa')).toBeUndefined();
    expect(cache.get('bbbbbbb')).toBeUndefined();
  });
});
