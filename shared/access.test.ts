import { describe, expect, it } from 'vitest';
import { accessLinkUrl, bearerTokenOf, isKeyShaped, keyFromFragment, keyIdOf } from './access.js';

const KEY = `hbk_0123456789abcdef_${'A'.repeat(40)}x-_`;

describe('keys', () => {
  it('recognises the shape of a key and reads its id', () => {
    expect(isKeyShaped(KEY)).toBe(true);
    expect(keyIdOf(KEY)).toBe('0123456789abcdef');
    for (const other of ['', 'hbk_', KEY.slice(0, -1), `${KEY}A`, KEY.replace('hbk_', 'hbx_'), 42, null])
      expect(isKeyShaped(other), String(other)).toBe(false);
    expect(keyIdOf('hbk_nonsense')).toBeNull();
  });

  it('reads the key of a Bearer header only', () => {
    expect(bearerTokenOf(`Bearer ${KEY}`)).toBe(KEY);
    expect(bearerTokenOf(`bearer   ${KEY}  `)).toBe(KEY);
    expect(bearerTokenOf('Bearer')).toBe('');
    expect(bearerTokenOf('Bearer ')).toBe('');
    expect(bearerTokenOf('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });

  it('puts the key of an access link in the fragment, and reads it back', () => {
    const link = accessLinkUrl('https://hooks.example', KEY);
    expect(link).toBe(`https://hooks.example/webhook#key=${KEY}`);
    expect(keyFromFragment(link.slice(link.indexOf('#')))).toBe(KEY);
    expect(keyFromFragment(`#x=1&key=${KEY}`)).toBe(KEY);
    expect(keyFromFragment('#key=hbk_short')).toBeNull();
    expect(keyFromFragment('')).toBeNull();
  });
});
