import { describe, expect, it } from 'vitest';
import { normalizeTag, noteSchema, tagAnalyticsPath, tagsSchema } from './link-tags.js';

describe('link tags', () => {
  it('normalizes a tag: trimmed, lower-cased; empty, too long or with a comma is no tag', () => {
    expect(normalizeTag('  Launch ')).toBe('launch');
    expect(normalizeTag('Été 2026')).toBe('été 2026');
    expect(normalizeTag('   ')).toBeNull();
    expect(normalizeTag('x'.repeat(33))).toBeNull();
    expect(normalizeTag('x'.repeat(32))).toBe('x'.repeat(32));
    expect(normalizeTag('a,b')).toBeNull();
    expect(normalizeTag('tab\there')).toBeNull();
  });

  it('keeps each tag once and allows 10 after merging', () => {
    expect(tagsSchema.parse(['B', 'a', 'b '])).toEqual(['b', 'a']);
    const ten = Array.from({ length: 10 }, (_, index) => `t${index}`);
    expect(tagsSchema.safeParse([...ten, 'T1']).success).toBe(true);
    expect(tagsSchema.safeParse([...ten, 'new']).success).toBe(false);
  });

  it('trims a note, and blank text is no note', () => {
    expect(noteSchema.parse('  hi \n')).toBe('hi');
    expect(noteSchema.parse('   ')).toBeNull();
    expect(noteSchema.safeParse('x'.repeat(501)).success).toBe(false);
  });

  it('builds the tag analytics path with the tag encoded', () => {
    expect(tagAnalyticsPath('q3/eu')).toBe('/api/tags/q3%2Feu/analytics');
    expect(tagAnalyticsPath('launch', '7d')).toBe('/api/tags/launch/analytics?period=7d');
  });
});
