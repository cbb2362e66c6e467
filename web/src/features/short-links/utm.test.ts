import { describe, expect, it } from 'vitest';
import { hasUtm, utmOf, withUtm } from './utm';

describe('UTM builder', () => {
  it('adds a field to a URL without a query, keeping the URL as typed', () => {
    expect(withUtm('https://example.com', 'utm_source', 'newsletter')).toBe(
      'https://example.com?utm_source=newsletter',
    );
    expect(withUtm('https://example.com/a/', 'utm_medium', 'email')).toBe(
      'https://example.com/a/?utm_medium=email',
    );
  });

  it('appends after the existing query and before the fragment, leaving other pairs untouched', () => {
    expect(withUtm('https://example.com/p?q=a+b&x=%20#top', 'utm_campaign', 'spring sale')).toBe(
      'https://example.com/p?q=a+b&x=%20&utm_campaign=spring%20sale#top',
    );
  });

  it('replaces a field in place, and an empty value removes it (and the ? with the last pair)', () => {
    const url = 'https://example.com/?utm_source=old&id=7&utm_source=dup';
    expect(withUtm(url, 'utm_source', 'new')).toBe('https://example.com/?utm_source=new&id=7');
    expect(withUtm(url, 'utm_source', '')).toBe('https://example.com/?id=7');
    expect(withUtm('https://example.com/?utm_term=x#f', 'utm_term', '')).toBe('https://example.com/#f');
  });

  it('encodes what needs it: & = # ? and spaces cannot break the URL', () => {
    const url = withUtm('https://example.com/', 'utm_content', 'a&b=c #d?');
    expect(url).toBe('https://example.com/?utm_content=a%26b%3Dc%20%23d%3F');
    expect(utmOf(url).utm_content).toBe('a&b=c #d?');
  });

  it('reads every field back, decoded, with + as a space and the first of a repeated one', () => {
    expect(
      utmOf(
        'https://example.com/?utm_source=news+letter&utm_medium=e%2Dmail&utm_campaign=launch&utm_term=shoes&utm_content=hero&utm_source=later#utm_term=no',
      ),
    ).toEqual({
      utm_source: 'news letter',
      utm_medium: 'e-mail',
      utm_campaign: 'launch',
      utm_term: 'shoes',
      utm_content: 'hero',
    });
    expect(utmOf('https://example.com/?utm_source=%E0%A4%A')).toMatchObject({ utm_source: '%E0%A4%A' });
  });

  it('every field set then read gives the same values; hasUtm tells whether any is there', () => {
    let url = 'https://shop.example.com/item?id=3';
    expect(hasUtm(url)).toBe(false);
    url = withUtm(url, 'utm_source', 'mail');
    url = withUtm(url, 'utm_medium', 'email');
    url = withUtm(url, 'utm_campaign', 'q3');
    expect(url).toBe('https://shop.example.com/item?id=3&utm_source=mail&utm_medium=email&utm_campaign=q3');
    expect(hasUtm(url)).toBe(true);
    expect(utmOf(url)).toEqual({
      utm_source: 'mail',
      utm_medium: 'email',
      utm_campaign: 'q3',
      utm_term: '',
      utm_content: '',
    });
  });
});
