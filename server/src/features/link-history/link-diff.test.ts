import { describe, expect, it } from 'vitest';
import type { StoredLink } from '../short-links/stored-link.js';
import { diffLinks, kindOf } from './link-diff.js';

const LINK: StoredLink = {
  id: 'abcdefg',
  ownerSessionId: 'session',
  url: 'https://example.com/a',
  clicks: 4,
  createdAt: 1,
  isAlias: false,
  expiresAt: null,
  maxClicks: null,
  passwordHash: null,
  disabledAt: null,
  forwardQuery: true,
  rules: [],
  externalId: null,
  note: null,
  tags: [],
  card: null,
  redirectStatus: null,
  fallbackUrl: null,
  startsAt: null,
  split: null,
};

describe('diffLinks', () => {
  it('diffs a field it has never heard of, whatever its type', () => {
    const before = { ...LINK, note: null, tags: ['a'], card: { title: 'x', image: null } };
    const after = { ...LINK, note: 'for the launch', tags: ['a', 'b'], card: { image: null, title: 'y' } };
    expect(diffLinks(before, after)).toEqual({
      note: { from: null, to: 'for the launch' },
      tags: { from: ['a'], to: ['a', 'b'] },
      card: { from: { title: 'x', image: null }, to: { image: null, title: 'y' } },
    });
  });

  it('sees no change in objects that differ only in key order', () => {
    const before = { ...LINK, rules: [{ a: 1, b: 2 }] };
    const after = { ...LINK, rules: [{ b: 2, a: 1 }] };
    expect(diffLinks(before, after)).toEqual({});
  });

  it('leaves out the counters, the owner and the creation time', () => {
    expect(diffLinks(LINK, { ...LINK, clicks: 99, createdAt: 5, ownerSessionId: 'other' })).toEqual({});
  });

  it('shows times as ISO 8601 and the alias in place of the id', () => {
    const after = { ...LINK, id: 'launch', isAlias: true, expiresAt: Date.UTC(2030, 0, 1) };
    expect(diffLinks(LINK, after)).toEqual({
      alias: { from: null, to: 'launch' },
      expiresAt: { from: null, to: '2030-01-01T00:00:00.000Z' },
    });
  });

  it('names a secret without "Hash" and never shows its value', () => {
    const set = diffLinks(LINK, { ...LINK, passwordHash: 'scrypt$a' });
    const changed = diffLinks({ ...LINK, passwordHash: 'scrypt$a' }, { ...LINK, passwordHash: 'scrypt$b' });
    const removed = diffLinks({ ...LINK, passwordHash: 'scrypt$b' }, LINK);
    expect([set, changed, removed]).toEqual([
      { password: { from: null, to: 'set' } },
      { password: { from: 'set', to: 'changed' } },
      { password: { from: 'set', to: null } },
    ]);
  });

  it('lists a new link by the fields it has, leaving out the empty ones', () => {
    const created = { ...LINK, maxClicks: 3, tags: [], note: '', forwardQuery: false };
    expect(diffLinks(null, created)).toEqual({
      url: { from: null, to: LINK.url },
      maxClicks: { from: null, to: 3 },
    });
  });
});

describe('kindOf', () => {
  it('tells a creation, a disabling, an enabling and an edit apart', () => {
    const disabled = { disabledAt: { from: null, to: '2030-01-01T00:00:00.000Z' } };
    const enabled = { disabledAt: { from: '2030-01-01T00:00:00.000Z', to: null } };
    expect(kindOf(null, {})).toBe('created');
    expect(kindOf(LINK, disabled)).toBe('disabled');
    expect(kindOf(LINK, enabled)).toBe('enabled');
    expect(kindOf(LINK, { url: { from: 'a', to: 'b' } })).toBe('updated');
  });
});
