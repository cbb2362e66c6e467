/** Short link ids: random, never sequential, and free of characters people misread. */
import { randomInt } from 'node:crypto';
import { ALIAS_PATTERN } from '../../../../shared/links.js';

/** Digits and letters without 0/O/o and 1/l/I. */
export const LINK_ID_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
export const LINK_ID_LENGTH = 7;

/** A new id from the crypto RNG: 56^7 ≈ 1.7 × 10^12 possibilities, so collisions are rare and retried. */
export function newLinkId(): string {
  let id = '';
  for (let index = 0; index < LINK_ID_LENGTH; index++)
    id += LINK_ID_ALPHABET[randomInt(LINK_ID_ALPHABET.length)];
  return id;
}

/**
 * True when the value could be a link id (a random one or an alias, which a random id also fits);
 * anything else is unknown without asking the database.
 */
export function isLinkId(value: unknown): value is string {
  return typeof value === 'string' && ALIAS_PATTERN.test(value);
}
