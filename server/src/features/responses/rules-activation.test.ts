import { describe, expect, it } from 'vitest';
import type { ResponseRule } from '../../../../shared/responses.js';
import { activateRules } from './rules-cache.js';

const rule: ResponseRule = {
  method: 'POST',
  path: '/github/*',
  responses: [{ status: 500, headers: {}, body: '', delayMs: 0 }],
  then: 'repeat-last',
};

describe('rules as the capture path keeps them', () => {
  it('keeps "no rules" and an empty list alike as null', () => {
    expect(activateRules(null)).toBeNull();
    expect(activateRules({ rules: [], version: 3 })).toBeNull();
  });

  it('has each rule’s method and path test ready', () => {
    const target = activateRules({ rules: [rule], version: 1 })?.targets[0];
    expect(target?.method).toBe('POST');
    expect(target?.test('/github/push')).toBe(true);
    expect(target?.test('/stripe')).toBe(false);
  });
});
