import { describe, expect, it } from 'vitest';
import {
  INVALID_URL_MESSAGE,
  MAX_URL_LENGTH,
  analyticsPath,
  isValidLongUrl,
  shortUrl,
  spaceSavedPercent,
  urlBodySchema,
} from './links.js';

describe('isValidLongUrl', () => {
  it.each([
    'https://example.com',
    'http://a.b',
    '  https://example.com/path?q=1  ',
    'https://sub.example.co.uk/x',
  ])('accepts %s', (value) => {
    expect(isValidLongUrl(value)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'example.com',
    'ftp://example.com',
    'https://localhost',
    'https://example.',
    'http://.',
    'mailto:someone@example.com',
    'HTTPS://EXAMPLE.COM',
  ])('rejects %j', (value) => {
    expect(isValidLongUrl(value)).toBe(false);
  });

  it('rejects anything that is not text', () => {
    expect(isValidLongUrl(undefined)).toBe(false);
    expect(isValidLongUrl(42)).toBe(false);
  });
});

describe('urlBodySchema', () => {
  it('trims the URL', () => {
    expect(urlBodySchema.parse({ url: '  https://example.com/a  ' })).toEqual({
      url: 'https://example.com/a',
    });
  });

  it('answers the form message for an invalid or missing URL', () => {
    for (const body of [{ url: 'nope' }, { url: '' }, {}, { url: 7 }]) {
      const result = urlBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID_URL_MESSAGE);
    }
  });

  it('refuses a URL longer than 2,048 characters', () => {
    const base = 'https://example.com/';
    const atLimit = base + 'a'.repeat(MAX_URL_LENGTH - base.length);
    expect(urlBodySchema.safeParse({ url: atLimit }).success).toBe(true);
    const result = urlBodySchema.safeParse({ url: `${atLimit}a` });
    expect(result.error?.issues[0]?.message).toMatch(/at most 2,048 characters/);
  });

  it('refuses a body that is not an object', () => {
    expect(urlBodySchema.safeParse(undefined).error?.issues[0]?.message).toMatch(/JSON body/);
  });
});

describe('spaceSavedPercent', () => {
  it('is 0 up to 50 characters', () => {
    expect(spaceSavedPercent('')).toBe(0);
    expect(spaceSavedPercent('x'.repeat(50))).toBe(0);
  });

  it('is the rounded share of (length - 30) over length beyond 50 characters', () => {
    expect(spaceSavedPercent('x'.repeat(51))).toBe(41);
    expect(spaceSavedPercent('x'.repeat(100))).toBe(70);
    expect(spaceSavedPercent('x'.repeat(2048))).toBe(99);
  });
});

describe('link addresses', () => {
  it('builds the short URL as {apiBase}/s/{id}', () => {
    expect(shortUrl('https://hookbay.example', 'aB3dE5f')).toBe('https://hookbay.example/s/aB3dE5f');
  });

  it('builds the analytics path, optionally as CSV', () => {
    expect(analyticsPath('aB3dE5f')).toBe('/s/aB3dE5f/analytics');
    expect(analyticsPath('aB3dE5f', 'csv')).toBe('/s/aB3dE5f/analytics?format=csv');
  });
});
