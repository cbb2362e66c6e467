import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { submitErrorText } from './useSuggestions';

describe('submitErrorText', () => {
  it("uses the server's words for a refused request", () => {
    expect(submitErrorText(new ApiError(400, 'A title is required.'))).toBe('A title is required.');
    expect(submitErrorText(new ApiError(429, 'Too many'))).toBe('Too many');
  });

  it('falls back to the product message otherwise', () => {
    const fallback = 'An error occurred while submitting your suggestion';
    expect(submitErrorText(new ApiError(500, 'Internal Server Error'))).toBe(fallback);
    expect(submitErrorText(new ApiError(400, ''))).toBe(fallback);
    expect(submitErrorText(new TypeError('Failed to fetch'))).toBe(fallback);
  });
});
