import { describe, expect, it } from 'vitest';
import { SUGGESTION_STATUSES } from '../../../shared/suggestions';
import { statusColour } from './suggestion-badges';

describe('statusColour', () => {
  it('gives each status its own colour', () => {
    expect(SUGGESTION_STATUSES.map(statusColour)).toEqual(['warning', 'success', 'danger', 'info']);
  });
});
