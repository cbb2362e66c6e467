/**
 * A scripted response rule's chance: whether it answers its n-th matching capture, drawn at random
 * or, with a seed, so that the same captures draw the same again on any instance. Pure.
 */
import type { ResponseRule } from './responses.js';

/** A 32-bit integer hash with good avalanche (each input bit flips about half the output bits). */
function mix32(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * The draw, from 0 up to 1, of a seeded rule's `matchNumber`-th matching capture (from 1): it
 * depends on nothing but the seed and that number, so the same captures draw the same again,
 * on any instance.
 */
export function seededDraw(seed: number, matchNumber: number): number {
  const low = seed >>> 0;
  const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
  return mix32(mix32(mix32(low) ^ high) ^ matchNumber) / 0x1_0000_0000;
}

/**
 * Whether a rule with a chance answers its `matchNumber`-th matching capture: seeded rules
 * repeat exactly, others draw with `random`. A rule without a chance always does.
 */
export function chanceSaysYes(
  rule: Pick<ResponseRule, 'chance' | 'seed'>,
  matchNumber: number,
  random: () => number = Math.random,
): boolean {
  if (rule.chance === undefined) return true;
  const draw = rule.seed === undefined ? random() : seededDraw(rule.seed, matchNumber);
  return draw * 100 < rule.chance;
}
