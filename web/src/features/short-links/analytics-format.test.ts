import { describe, expect, it } from 'vitest';
import { chartDaysOf, formatLocation, lastDays, percentOf } from './analytics-format';

describe('lastDays', () => {
  const today = new Date('2026-11-22T23:30:00.000Z');

  it('gives the last 30 UTC days, oldest first, zero-filled', () => {
    const days = lastDays([{ day: '2026-11-20', clicks: 4 }], 30, today);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-10-24', clicks: 0 });
    expect(days.at(-1)).toEqual({ day: '2026-11-22', clicks: 0 });
    expect(days.find((entry) => entry.day === '2026-11-20')).toEqual({ day: '2026-11-20', clicks: 4 });
  });

  it('leaves out days older than the window', () => {
    const days = lastDays([{ day: '2026-01-01', clicks: 9 }], 30, today);
    expect(days.reduce((sum, entry) => sum + entry.clicks, 0)).toBe(0);
  });

  it('crosses month and year ends', () => {
    const days = lastDays([], 3, new Date('2027-01-01T00:00:00.000Z'));
    expect(days.map((entry) => entry.day)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});

describe('formatLocation', () => {
  it('joins city, region and country', () => {
    expect(formatLocation({ city: 'Bracknell', region: 'England', country: 'GB' })).toBe(
      'Bracknell, England, GB',
    );
  });

  it('skips missing parts', () => {
    expect(formatLocation({ city: null, region: '', country: 'US' })).toBe('US');
  });

  it("says 'Unknown' when nothing is known", () => {
    expect(formatLocation({ city: null, region: null, country: null })).toBe('Unknown');
  });
});

describe('percentOf', () => {
  it('rounds the share of the largest value', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('chartDaysOf', () => {
  const today = new Date('2026-11-23T12:00:00Z');

  it("shows a period's own number of days", () => {
    expect(chartDaysOf('7d', [], today)).toBe(7);
    expect(chartDaysOf('90d', [], today)).toBe(90);
  });

  it('shows every day since the first click for all time, at least 30', () => {
    expect(chartDaysOf('all', [], today)).toBe(30);
    expect(chartDaysOf('all', [{ day: '2026-11-20', clicks: 1 }], today)).toBe(30);
    expect(chartDaysOf('all', [{ day: '2026-01-01', clicks: 1 }], today)).toBe(327);
  });
});
