import { describe, expect, it } from 'vitest';
import type { LinkHistoryEntry } from '../../../../shared/link-history';
import { formatDateTime } from '../../lib/format';
import { describeChange, describeEntry, timeAgo } from './history-wording';

const AT = '2026-11-27T09:00:00.000Z';

function entry(overrides: Partial<LinkHistoryEntry>): LinkHistoryEntry {
  return { at: AT, by: 'owner', kind: 'updated', changes: {}, ...overrides };
}

describe('describeChange', () => {
  it('says where the destination went, cutting long addresses short', () => {
    expect(
      describeChange('url', {
        from: 'https://a.example/a/rather/long/path/to/the/first/page',
        to: 'https://b.example/short',
      }),
    ).toBe('Destination changed from https://a.example/a/rather/long/path/to/… to https://b.example/short');
  });

  it('says a password was set, changed or removed, and nothing more', () => {
    expect(describeChange('password', { from: null, to: 'set' })).toBe('Password set');
    expect(describeChange('password', { from: 'set', to: 'changed' })).toBe('Password changed');
    expect(describeChange('password', { from: 'set', to: null })).toBe('Password removed');
  });

  it('words an expiry, a click limit and an alias set, changed and removed', () => {
    const expiry = '2030-01-02T03:04:05.000Z';
    expect(describeChange('expiresAt', { from: null, to: expiry })).toBe(
      `Expiry set to ${formatDateTime(expiry)}`,
    );
    expect(describeChange('expiresAt', { from: expiry, to: null })).toBe('Expiry removed');
    expect(describeChange('maxClicks', { from: 5, to: 10 })).toBe('Click limit changed from 5 to 10');
    expect(describeChange('alias', { from: null, to: 'launch' })).toBe('Alias set to launch');
  });

  it('names a field it has no words for after its name', () => {
    expect(describeChange('note', { from: null, to: 'for the launch' })).toBe('Note set to for the launch');
    expect(describeChange('tags', { from: ['a'], to: ['a', 'b'] })).toBe('Tags changed from a to a, b');
    expect(describeChange('forwardQuery', { from: false, to: true })).toBe(
      'Passing on the query string turned on',
    );
    expect(describeChange('isPinned', { from: false, to: true })).toBe('Is pinned turned on');
    expect(describeChange('externalId', { from: 'x-1', to: null })).toBe('External id removed');
  });

  it('names an A/B split by its weights', () => {
    const split = (weights: number[]) => ({
      variants: weights.map((weight, index) => ({
        id: `v${index}`,
        destination: 'https://example.com',
        weight,
      })),
      sticky: false,
    });
    expect(describeChange('split', { from: null, to: split([70, 30]) })).toBe('A/B split set to 70% / 30%');
    expect(describeChange('split', { from: split([70, 30]), to: split([50, 25, 25]) })).toBe(
      'A/B split changed from 70% / 30% to 50% / 25% / 25%',
    );
    expect(describeChange('split', { from: split([50, 50]), to: null })).toBe('A/B split removed');
  });
});

describe('describeEntry', () => {
  it('opens a creation with its destination, then the options it was made with', () => {
    const created = entry({
      kind: 'created',
      changes: {
        url: { from: null, to: 'https://example.com/page' },
        password: { from: null, to: 'set' },
      },
    });
    expect(describeEntry(created)).toEqual(['Created for https://example.com/page', 'Password set']);
  });

  it('says an administrator disabled or enabled the link', () => {
    const change = { disabledAt: { from: null, to: AT } };
    expect(describeEntry(entry({ kind: 'disabled', by: 'admin', changes: change }))).toEqual([
      'Disabled by an administrator',
    ]);
    const back = { disabledAt: { from: AT, to: null } };
    expect(describeEntry(entry({ kind: 'enabled', by: 'admin', changes: back }))).toEqual([
      'Enabled again by an administrator',
    ]);
  });

  it('lists each field of an edit on its own line', () => {
    const edit = entry({
      changes: {
        url: { from: 'https://a.example', to: 'https://b.example' },
        maxClicks: { from: 3, to: null },
      },
    });
    expect(describeEntry(edit)).toEqual([
      'Destination changed from https://a.example to https://b.example',
      'Click limit removed',
    ]);
  });
});

describe('timeAgo', () => {
  const now = Date.parse(AT);
  it('says how long ago, from "just now" to weeks', () => {
    expect(timeAgo(AT, now + 10_000)).toBe('just now');
    expect(timeAgo(AT, now + 5 * 60_000)).toBe('5 minutes ago');
    expect(timeAgo(AT, now + 3 * 3_600_000)).toBe('3 hours ago');
    expect(timeAgo(AT, now + 24 * 3_600_000)).toBe('yesterday');
    expect(timeAgo(AT, now + 15 * 24 * 3_600_000)).toBe('2 weeks ago');
  });
});
