import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRowTime } from './format';

describe('formatRowTime', () => {
  const now = new Date(2026, 10, 24, 15, 30);

  it("shows today's time alone", () => {
    const earlierToday = new Date(2026, 10, 24, 9, 5, 7);
    expect(formatRowTime(earlierToday.toISOString(), now)).toBe(earlierToday.toLocaleTimeString());
  });

  it('shows the date with an earlier day', () => {
    const yesterday = new Date(2026, 10, 23, 23, 59, 59);
    expect(formatRowTime(yesterday.toISOString(), now)).toBe(yesterday.toLocaleString());
  });

  it('says a timestamp it cannot read is invalid, as everywhere else', () => {
    expect(formatRowTime('not a date', now)).toBe(formatDateTime('not a date'));
    expect(formatRowTime('not a date', now)).toBe('Invalid date');
  });
});
