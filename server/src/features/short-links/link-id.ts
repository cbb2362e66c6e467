/** Short link ids: random, never sequential, and free of characters people misread. */
import { randomInt } from 'node:crypto';

/** Digits and letters without 0/O/o and 1/l/I. */
export const LINK_ID_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
export const LINK_ID_LENGTH = 7;

const LINK_ID_PATTERN = new RegExp(`^[${LINK_ID_ALPHABET}]{${LINK_ID_LENGTH}}$`);

/** A new id from the crypto RNG: 56^7 ≈ 1.7 × 10^12 possibilities, so collisions are rare and retried. */
export function newLinkId(): string {
  let id = '';
  for (let index = 0; index < LINK_ID_LENGTH; index++)
    id += LINK_ID_ALPHABET[randomInt(LINK_ID_ALPHABET.length)];
  return id;
}

/** True when the value could be a link id; anything else is unknown without asking the database. */
export function isLinkId(value: unknown): value is string {
  return typeof value === 'string' && LINK_ID_PATTERN.test(value);
}
