import { describe, expect, it } from 'vitest';
import { adminSuggestionKeys } from './useAdminSuggestions';

describe('adminSuggestionKeys', () => {
  it('puts the lists and the stats under one key, so one invalidation refreshes both', () => {
    const [root] = adminSuggestionKeys.all;
    expect(adminSuggestionKeys.list(null)[0]).toBe(root);
    expect(adminSuggestionKeys.list('approved')).toEqual([root, 'list', 'approved']);
    expect(adminSuggestionKeys.stats[0]).toBe(root);
  });
});
