import { describe, expect, it } from 'vitest';
import { formatBinaryBytes, formatBytes, formatDateTime, formatRowTime } from './format';

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

describe('formatBinaryBytes', () => {
  it('counts in KiB, MiB and GiB of 1024', () => {
    expect(formatBinaryBytes(0)).toBe('0 B');
    expect(formatBinaryBytes(1023)).toBe('1023 B');
    expect(formatBinaryBytes(1536)).toBe('1.5 KiB');
    expect(formatBinaryBytes(256 * 1024 * 1024)).toBe('256.0 MiB');
    expect(formatBinaryBytes(5 * 1024 ** 3 + 1024 ** 3 / 4)).toBe('5.25 GiB');
  });
});

describe('formatBytes', () => {
  it('speaks KiB and MiB like every other screen, never KB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2.0 MiB');
  });
});
