/**
 * HMAC (RFC 2104) with the key's inner and outer hash states computed once: each message then costs
 * two copies of those states and the hashing itself. createHmac prepares the key and looks the digest
 * up again on every call, which on a busy server cost more than hashing a 1 KB body did.
 */
import { createHash, createHmac, type Hash as NodeHash } from 'node:crypto';
import type { Hash } from '../../../../shared/signatures/schemes.js';
import type { HmacFunction } from '../../../../shared/signatures/verify.js';

const BLOCK_BYTES: Record<Hash, number> = { 'SHA-1': 64, 'SHA-256': 64, 'SHA-512': 128 };

const nodeName = (hash: Hash) => hash.replace('-', '').toLowerCase();

/** HMAC with node:crypto: synchronous, so the capture path never waits for it. */
export function nodeHmac(hash: Hash, key: Uint8Array, data: Uint8Array): Uint8Array {
  return createHmac(nodeName(hash), key).update(data).digest();
}

/** The HMAC of any message under one key. */
export function keyedHmac(hash: Hash, key: Uint8Array): (data: Uint8Array) => Uint8Array {
  const algorithm = nodeName(hash);
  const block = Buffer.alloc(BLOCK_BYTES[hash]);
  block.set(key.length > block.length ? createHash(algorithm).update(key).digest() : key);
  const padded = (pad: number): NodeHash => createHash(algorithm).update(block.map((byte) => byte ^ pad));
  const inner = padded(0x36);
  const outer = padded(0x5c);
  return (data) => outer.copy().update(inner.copy().update(data).digest()).digest();
}

/**
 * The HMAC function for one stored secret's key: states prepared once per hash for that key, and
 * node:crypto's own HMAC for any other key.
 */
export function hmacForKey(key: Uint8Array | null): HmacFunction {
  const prepared = new Map<Hash, (data: Uint8Array) => Uint8Array>();
  return (hash, bytes, data) => {
    if (bytes !== key) return nodeHmac(hash, bytes, data);
    let hmac = prepared.get(hash);
    if (!hmac) prepared.set(hash, (hmac = keyedHmac(hash, key)));
    return hmac(data);
  };
}
