import { describe, expect, it } from 'vitest';
import { withVisitQuery } from './forward-query.js';
import { deviceOf, preferredLanguage } from './visitor.js';

describe('query forwarding', () => {
  it.each([
    ['https://ex.com/p?a=0&b=2', 'a=1&c=3', 'https://ex.com/p?a=1&b=2&c=3'],
    ['https://ex.com/p?a=0&b=2#frag', 'a=1', 'https://ex.com/p?a=1&b=2#frag'],
    ['https://ex.com/', 'x=1', 'https://ex.com/?x=1'],
    ['https://ex.com/#top', 'x=1', 'https://ex.com/?x=1#top'],
    // Every value the visit sends of a name replaces every value the destination has of it.
    ['https://ex.com/?t=1&k=2&t=3', 't=a&t=b', 'https://ex.com/?t=a&t=b&k=2'],
    // Names compare decoded: `a%20b` and `a+b` are one name.
    ['https://ex.com/?a%20b=1', 'a+b=2', 'https://ex.com/?a+b=2'],
    ['https://ex.com/?a=0', '&&flag', 'https://ex.com/?a=0&flag'],
    ['https://ex.com/?a=0', '', 'https://ex.com/?a=0'],
    // Bytes a header cannot carry as they are get percent-encoded.
    ['https://ex.com/', 'q=caf\u00e9 au lait', 'https://ex.com/?q=caf%C3%A9%20au%20lait'],
  ])('%s + ?%s → %s', (location, query, expected) => {
    expect(withVisitQuery(location, query)).toBe(expected);
  });
});

describe('device of a user agent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
      'android',
    ],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/124.0 Safari/537.36', 'android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36', 'desktop'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15',
      'desktop',
    ],
    ['Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5', null],
    ['', null],
  ])('%s → %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});

describe('preferred language', () => {
  it.each([
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['en;q=0.5, fr-CH;q=0.9', 'fr'],
    ['*, es;q=0.8', 'es'],
    ['pt-BR;q=0.7,it;q=0.7', 'pt'],
    ['de;q=0, en;q=0.1', 'en'],
    ['EN-gb', 'en'],
    ['', null],
    ['*', null],
  ])('%s → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
