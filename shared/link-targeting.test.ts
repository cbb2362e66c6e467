import { describe, expect, it } from 'vitest';
import { describeCondition, linkCreateSchema, normalizeCondition } from './link-targeting.js';

describe('targeting conditions', () => {
  it('stores devices and languages in lower case and countries in capitals', () => {
    expect(normalizeCondition('device', ' iOS ')).toEqual({ value: 'ios' });
    expect(normalizeCondition('language', 'DE')).toEqual({ value: 'de' });
    expect(normalizeCondition('country', 'gb')).toEqual({ value: 'GB' });
  });

  it('refuses a country code that names no country', () => {
    expect(normalizeCondition('country', 'XX')).toEqual({
      error: 'A country condition is a two-letter country code (ISO 3166-1 alpha-2), e.g. DE.',
    });
  });

  it('describes a condition in words', () => {
    expect(describeCondition({ type: 'device', value: 'android' })).toBe('Device is Android');
    expect(describeCondition({ type: 'country', value: 'DE' })).toBe('Country is Germany (DE)');
    expect(describeCondition({ type: 'language', value: 'fr' })).toBe('Language is French (fr)');
  });

  it('takes forwardQuery and rules beside the link’s other fields', () => {
    const body = linkCreateSchema.parse({
      url: 'https://example.com',
      forwardQuery: false,
      rules: [{ destination: ' https://example.com/x ', conditions: [{ type: 'country', value: 'de' }] }],
    });
    expect(body).toEqual({
      url: 'https://example.com',
      forwardQuery: false,
      rules: [{ destination: 'https://example.com/x', conditions: [{ type: 'country', value: 'DE' }] }],
    });
  });
});
