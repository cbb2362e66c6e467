import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './event-view.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects together', () => {
    expect(nestsDeeperThan('[{"a":[1]}]', 3)).toBe(false);
    expect(nestsDeeperThan('[{"a":[[1]]}]', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[[]]]', 2)).toBe(true);
  });

  it('tells many shallow brackets from deep nesting', () => {
    const wide = `[${Array.from({ length: 300 }, () => '{"a":[]}').join(',')}]`;
    expect(nestsDeeperThan(wide, 256)).toBe(false);
    expect(nestsDeeperThan(`[${wide}]`, 3)).toBe(true);
  });

  it('scans a document nested 100,000 levels deep without overflowing', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(nestsDeeperThan(deep, 256)).toBe(true);
  });
});
