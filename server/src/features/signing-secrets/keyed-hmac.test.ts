import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASHES } from '../../../../shared/signatures/schemes.js';
import { hmacForKey, keyedHmac, PREPARED_KEYS_LIMIT } from './keyed-hmac.js';

const reference = (hash: string, key: Uint8Array, data: Uint8Array) =>
  createHmac(hash.replace('-', '').toLowerCase(), key).update(data).digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('HMAC with the key prepared once', () => {
  // Keys shorter than, as long as and longer than each hash's block (64 bytes; 128 for SHA-512),
  // which RFC 2104 hashes first.
  const keyLengths = [1, 27, 64, 65, 128, 129, 300];
  const bodies = [Buffer.alloc(0), Buffer.from('{"a":1}'), randomBytes(1024), randomBytes(70_000)];

  it.each(HASHES)('gives what createHmac gives for %s, message after message', (hash) => {
    for (const length of keyLengths) {
      const key = randomBytes(length);
      const hmac = keyedHmac(hash, key);
      for (const body of bodies)
        expect(hex(hmac(body)), `${length}-byte key`).toBe(reference(hash, key, body));
    }
  });

  it("answers for another key too, with that key's HMAC", () => {
    const key = new Uint8Array(Buffer.from('bench-signing-secret'));
    const other = new Uint8Array(Buffer.from('another-secret'));
    const hmac = hmacForKey(key);
    const body = new Uint8Array(Buffer.from('{"id":"evt_1"}'));
    expect(hex(hmac('SHA-256', key, body))).toBe(reference('SHA-256', key, body));
    expect(hex(hmac('SHA-256', other, body))).toBe(reference('SHA-256', other, body));
    expect(hex(hmac('SHA-1', key, body))).toBe(reference('SHA-1', key, body));
    expect(hex(hmac('SHA-256', key, body))).toBe(reference('SHA-256', key, body));
  });

  it('keeps answering right for more keys than it keeps prepared', () => {
    const body = new Uint8Array(Buffer.from('{"id":"evt_1"}'));
    const secrets = Array.from({ length: PREPARED_KEYS_LIMIT + 5 }, (_, index) => {
      const key = new Uint8Array(Buffer.from(`secret-${index}`));
      return { key, hmac: hmacForKey(key) };
    });
    // Twice over: the first keys were dropped by the last ones and are prepared again.
    for (let round = 0; round < 2; round++) {
      for (const { key, hmac } of secrets) {
        expect(hex(hmac('SHA-256', key, body))).toBe(reference('SHA-256', key, body));
      }
    }
  });
});
