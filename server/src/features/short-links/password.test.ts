import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('link passwords', () => {
  it('are stored salted: the same password hashes differently and never appears', async () => {
    const first = await hashPassword('open sesame');
    const second = await hashPassword('open sesame');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain('open sesame');
  });

  it('match only the right password', async () => {
    const stored = await hashPassword('open sesame');
    expect(await verifyPassword('open sesame', stored)).toBe(true);
    expect(await verifyPassword('open sesame ', stored)).toBe(false);
    expect(await verifyPassword('Open sesame', stored)).toBe(false);
    expect(await verifyPassword('open sesame', 'not-a-hash')).toBe(false);
  });
});
