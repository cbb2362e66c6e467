import { describe, expect, it } from 'vitest';
import { describeCondition, normalizeCondition } from './link-conditions.js';
import { linkCreateSchema } from './link-targeting.js';

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

  it('stores browsers and systems by their key, query conditions and IP ranges as written', () => {
    expect(normalizeCondition('browser', 'Firefox')).toEqual({ value: 'firefox' });
    expect(normalizeCondition('os', ' macOS')).toEqual({ value: 'macos' });
    expect(normalizeCondition('query', ' utm_source=news letter ')).toEqual({
      value: 'utm_source=news letter',
    });
    expect(normalizeCondition('ip', '2001:DB8::/32')).toEqual({ value: '2001:db8::/32' });
    expect(normalizeCondition('ip', '203.0.113.7')).toEqual({ value: '203.0.113.7' });
    expect(normalizeCondition('from', '2030-01-31T19:00:00+01:00')).toEqual({
      value: '2030-01-31T18:00:00.000Z',
    });
  });

  it('refuses values that do not fit their type', () => {
    expect(normalizeCondition('ip', '203.0.113.0/33')).toEqual({
      error:
        'An ip condition is an IPv4 or IPv6 address or CIDR range, e.g. 203.0.113.0/24 or 2001:db8::/32.',
    });
    expect(normalizeCondition('query', '=x')).toHaveProperty('error');
    expect(normalizeCondition('query', 'a=1&b=2')).toHaveProperty('error');
    expect(normalizeCondition('until', 'tomorrow')).toHaveProperty('error');
    expect(normalizeCondition('browser', 'netscape')).toEqual({
      error: 'A browser condition is one of chrome, safari, firefox, edge, opera, samsung.',
    });
  });

  it('describes the new conditions in words', () => {
    expect(describeCondition({ type: 'query', value: 'ref' })).toBe('Query parameter ref is present');
    expect(describeCondition({ type: 'query', value: 'utm_source=mail' })).toBe(
      'Query parameter utm_source is “mail”',
    );
    expect(describeCondition({ type: 'browser', value: 'samsung' })).toBe('Browser is Samsung Internet');
    expect(describeCondition({ type: 'os', value: 'macos' })).toBe('Operating system is macOS');
    expect(describeCondition({ type: 'ip', value: '10.0.0.0/8' })).toBe('IP range is in 10.0.0.0/8');
    expect(describeCondition({ type: 'from', value: '2030-01-31T18:00:00.000Z' })).toBe(
      'Date from 2030-01-31 18:00 UTC',
    );
  });
});
