import { describe, expect, it } from 'vitest';
import os from 'node:os';
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

describe('PUBLIC_URL', () => {
  it('is unset by default: links are built on the origin each request came to', () => {
    expect(loadConfig({}).publicOrigin).toBeNull();
    expect(loadConfig({ PUBLIC_URL: ' ' }).publicOrigin).toBeNull();
  });

  it('is read once into its origin and host name', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Hooks.Example.com/' }).publicOrigin).toEqual({
      origin: 'https://hooks.example.com',
      hostname: 'hooks.example.com',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://hooks.example.com:443' }).publicOrigin?.origin).toBe(
      'https://hooks.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080//' }).publicOrigin).toEqual({
      origin: 'http://localhost:8080',
      hostname: 'localhost',
    });
  });

  it.each([
    'hooks.example.com',
    'ftp://hooks.example.com',
    'https://hooks.example.com/hookbay',
    'https://x.com/?a=1',
  ])('refuses %s: links could not be built on it', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
      `PUBLIC_URL must be an origin such as https://hooks.example.com (no path), got "${value}"`,
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default: no metrics are served', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
  });

  it('is taken as it is, without surrounding spaces', () => {
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdefXYZ ' }).metricsToken).toBe('0123456789abcdefXYZ');
  });

  it('refuses a token shorter than 16 characters without repeating it', () => {
    const attempt = () => loadConfig({ METRICS_TOKEN: 'secret' });
    expect(attempt).toThrow('METRICS_TOKEN must be at least 16 characters long, got 6');
    expect(attempt).not.toThrow(/secret/);
  });
});

describe('other settings parsed at start', () => {
  it('LOG_LEVEL is one of pino’s levels, in any case', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    );
  });

  it('DATABASE_URL and REDIS_URL must name their service, and a refusal does not repeat a password', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/hookbay' }).databaseUrl).toBe(
      'postgres://u:p@db/hookbay',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380' }).redisUrl).toBe('rediss://cache:6380');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@db/hookbay' })).toThrow(
      /^DATABASE_URL must be a postgres:\/\/… or postgresql:\/\/… URL$/,
    );
    expect(() => loadConfig({ REDIS_URL: 'cache:6379' })).toThrow(
      /^REDIS_URL must be a redis:\/\/… or rediss:\/\/… URL$/,
    );
  });
});

describe('WORKERS', () => {
  it('defaults to the machine’s available parallelism, at most 8', () => {
    expect(loadConfig({}).workers).toBe(Math.min(os.availableParallelism(), 8));
  });

  it('is read as a count of processes; 0 and fractions are refused', () => {
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '12' }).workers).toBe(12);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS must be a positive whole number, got "0"');
    expect(() => loadConfig({ WORKERS: '1.5' })).toThrow(
      'WORKERS must be a positive whole number, got "1.5"',
    );
  });
});
