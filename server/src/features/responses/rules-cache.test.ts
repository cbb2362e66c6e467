import { describe, expect, it } from 'vitest';
import type { ResponseRule } from '../../../../shared/responses.js';
import { createRulesCache } from './rules-cache.js';
import type { StoredRules } from './responses.repo.js';

function stored(version: number, path = '/x'): StoredRules {
  const rule: ResponseRule = {
    method: 'POST',
    path,
    responses: [{ status: 500, headers: {}, body: '', delayMs: 0 }],
    then: 'repeat-last',
  };
  return { rules: [rule], version };
}

describe('rules cache', () => {
  it('remembers "no rules" as well as rules, with each rule’s method and path test ready', () => {
    const cache = createRulesCache();
    expect(cache.get('none')).toBeUndefined();
    expect(cache.fill('none', null, cache.generation())).toBeNull();
    expect(cache.get('none')).toBeNull();
    cache.fill('empty', { rules: [], version: 3 }, cache.generation());
    expect(cache.get('empty')).toBeNull();

    cache.fill('some', stored(1, '/github/*'), cache.generation());
    const target = cache.get('some')?.targets[0];
    expect(target?.method).toBe('POST');
    expect(target?.test('/github/push')).toBe(true);
    expect(target?.test('/stripe')).toBe(false);
  });

  it('drops a database read that a save or an announced change overtook', () => {
    const cache = createRulesCache();
    const generation = cache.generation();
    cache.set('saved', stored(2));
    cache.fill('saved', stored(1), generation);
    expect(cache.get('saved')?.version).toBe(2);
    cache.delete('elsewhere');
    // The stale read still answers its own capture, but is not kept.
    expect(cache.fill('elsewhere', null, generation)).toBeNull();
    expect(cache.get('elsewhere')).toBeUndefined();
  });

  it('forgets every session when cleared, and the oldest when full', () => {
    const cache = createRulesCache(2);
    for (const session of ['a', 'b', 'c']) cache.fill(session, null, cache.generation());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeNull();
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });
});
