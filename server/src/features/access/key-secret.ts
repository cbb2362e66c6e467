/** Making keys (and share tokens) and the one-way hash the server keeps of them. */
import { createHash, randomBytes } from 'node:crypto';
import { KEY_PREFIX } from '../../../../shared/access.js';

/** SHA-256 of the whole key, hex: a key carries 256 random bits, so no salt or slow hash is needed. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new secret: `<prefix><16 hex digits of id>_<32 random bytes as base64url>`. */
export function generateKey(prefix = KEY_PREFIX): { id: string; key: string } {
  const id = randomBytes(8).toString('hex');
  return { id, key: `${prefix}${id}_${randomBytes(32).toString('base64url')}` };
}
