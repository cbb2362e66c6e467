import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const MiB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('storage settings', () => {
  it('default to 256 MiB per session and 30 days', () => {
    const config = loadConfig({});
    expect(config.sessionStorageBytes).toBe(256 * MiB);
    expect(config.eventMaxAgeMs).toBe(30 * DAY_MS);
  });

  it('read SESSION_STORAGE_MB in MiB and EVENT_MAX_AGE_DAYS in days; 0 days is no age limit', () => {
    expect(loadConfig({ SESSION_STORAGE_MB: '16' }).sessionStorageBytes).toBe(16 * MiB);
    expect(loadConfig({ EVENT_MAX_AGE_DAYS: '7' }).eventMaxAgeMs).toBe(7 * DAY_MS);
    expect(loadConfig({ EVENT_MAX_AGE_DAYS: '0' }).eventMaxAgeMs).toBeNull();
  });

  it.each([
    ['SESSION_STORAGE_MB', '0', 'SESSION_STORAGE_MB must be a positive whole number, got "0"'],
    ['SESSION_STORAGE_MB', '1.5', 'SESSION_STORAGE_MB must be a positive whole number, got "1.5"'],
    ['EVENT_MAX_AGE_DAYS', '-1', 'EVENT_MAX_AGE_DAYS must be 0 or a positive whole number, got "-1"'],
    ['EVENT_MAX_AGE_DAYS', 'month', 'EVENT_MAX_AGE_DAYS must be 0 or a positive whole number, got "month"'],
    ['EVENT_MAX_AGE_DAYS', ' ', 'EVENT_MAX_AGE_DAYS must be 0 or a positive whole number, got " "'],
  ])('refuse %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
