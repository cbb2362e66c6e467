import { describe, expect, it } from 'vitest';
import { LINK_ID_ALPHABET, LINK_ID_LENGTH, isLinkId, newLinkId } from './link-id.js';

describe('link ids', () => {
  it('use no characters people misread', () => {
    expect(LINK_ID_ALPHABET).not.toMatch(/[0Oo1lI]/);
    expect(new Set(LINK_ID_ALPHABET).size).toBe(LINK_ID_ALPHABET.length);
  });

  it('are 7 characters of that alphabet, and differ', () => {
    const ids = Array.from({ length: 1000 }, newLinkId);
    for (const id of ids) {
      expect(id).toHaveLength(LINK_ID_LENGTH);
      expect(isLinkId(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('recognise random ids and aliases, nothing else', () => {
    expect(isLinkId('abcdefg')).toBe(true);
    expect(isLinkId('my-Launch_2025')).toBe(true);
    expect(isLinkId('ab')).toBe(false);
    expect(isLinkId('a'.repeat(65))).toBe(false);
    expect(isLinkId('has space')).toBe(false);
    expect(isLinkId('dot.ted')).toBe(false);
    expect(isLinkId(42)).toBe(false);
  });
});
