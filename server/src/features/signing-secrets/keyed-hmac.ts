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
 * Prepared states take about 2.3 KB each (two native hash contexts), so only the keys prepared most
 * recently keep theirs: a busy instance holds up to 100,000 sessions' secrets, and this keeps their
 * states to a few MB however many of them sign. A key dropped here is prepared again when it next
 * signs.
 */
export const PREPARED_KEYS_LIMIT = 1_000;
const prepared = new Map<Uint8Array, { hash: Hash; hmac: (data: Uint8Array) => Uint8Array }>();

function preparedHmac(hash: Hash, key: Uint8Array): (data: Uint8Array) => Uint8Array {
  const known = prepared.get(key);
  if (known?.hash === hash) return known.hmac;
  const hmac = keyedHmac(hash, key);
  prepared.delete(key);
  prepared.set(key, { hash, hmac });
  // Maps keep insertion order: the first key is the one prepared longest ago.
  if (prepared.size > PREPARED_KEYS_LIMIT) prepared.delete(prepared.keys().next().value as Uint8Array);
  return hmac;
}

/**
 * The HMAC function for one stored secret's key (the same bytes object on every call): with its
 * prepared states while it is among the last keys prepared, node:crypto's own HMAC for any other key.
 */
export function hmacForKey(key: Uint8Array | null): HmacFunction {
  return (hash, bytes, data) =>
    bytes === key && key !== null ? preparedHmac(hash, key)(data) : nodeHmac(hash, bytes, data);
}
