import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { adminSuggestionKeys, updateErrorText } from './useAdminSuggestions';

describe('updateErrorText', () => {
  it("uses the server's words for a refused update", () => {
    expect(updateErrorText(new ApiError(404, 'Suggestion not found'))).toBe('Suggestion not found');
  });

  it("falls back to 'Failed to update suggestion' otherwise", () => {
    expect(updateErrorText(new ApiError(500, 'Internal Server Error'))).toBe('Failed to update suggestion');
    expect(updateErrorText(new TypeError('Failed to fetch'))).toBe('Failed to update suggestion');
  });
});

describe('adminSuggestionKeys', () => {
  it('puts the lists and the stats under one key, so one invalidation refreshes both', () => {
    const [root] = adminSuggestionKeys.all;
    expect(adminSuggestionKeys.list(null)[0]).toBe(root);
    expect(adminSuggestionKeys.list('approved')).toEqual([root, 'list', 'approved']);
    expect(adminSuggestionKeys.stats[0]).toBe(root);
  });
});
